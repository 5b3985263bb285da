import { useParams } from 'react-router-dom';
import { useCurrentUser } from '@web/features/auth/api/use-current-user';
import { UserDataView } from '@web/features/users/components/user-data-view';
import { AppShell } from '../layout/app-shell';
import { AccessDenied } from './access-denied';

/** `/users/:id`: the admin's view of one user's customers, vehicles and inspections. */
export function UserRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  return <AppShell active="users">{user?.role !== 'admin' ? <AccessDenied /> : <UserDataView userId={id} />}</AppShell>;
}
