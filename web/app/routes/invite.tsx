import { useParams } from 'react-router-dom';
import { InvitePage } from '@web/features/auth/components/invite-page';

export function InviteRoute() {
  const { token = '' } = useParams();
  return <InvitePage token={token} />;
}
