import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import type { User } from '@shared/schemas/user';
import { CardGrid } from '@web/components/list-layout/card-grid';
import { ListLayout, ListNotice } from '@web/components/list-layout/list-layout';
import { ListStates } from '@web/components/list-layout/list-states';
import { Button } from '@web/components/ui/button';
import { useConfirmDelete } from '@web/components/ui/confirm-delete';
import { useToast } from '@web/components/ui/toast';
import { useCurrentUser } from '@web/lib/current-user';
import { useOnline } from '@web/lib/use-online';
import { useDeleteUser } from '@web/entities/users/delete-user';
import { useUsers } from '@web/entities/users/get-users';
import { PendingUsers } from './pending-users';
import { RoleCounts } from './role-counts';
import { SignUpAccess } from './sign-up-access';
import { UserCard } from './user-card';
import { UserForm } from './user-form';

type Editing = { user: User | undefined } | null;

/** User management (admins only; the shell shows 'Access Denied' to everyone else). */
export function UsersSection() {
  const { toast } = useToast();
  const me = useCurrentUser();
  const online = useOnline();
  const users = useUsers();
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<Editing>(null);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'user',
    description: 'They can no longer sign in. The customers, vehicles and inspections they added stay.',
  });
  const items = users.data ?? [];

  return (
    <ListLayout
      id="users"
      title="User Management"
      lead={<>Manage the accounts of your shop&apos;s staff.</>}
      action={
        <Button onClick={() => setEditing({ user: undefined })} disabled={!online}>
          <UserPlus aria-hidden="true" /> Add User
        </Button>
      }
    >
      {online ? null : <ListNotice>You&apos;re offline. User management needs a connection.</ListNotice>}
      <PendingUsers online={online} />
      <ListStates
        pending={users.isPending}
        loadingText={online ? 'Loading users...' : undefined}
        failed={users.isError}
        error="Users could not be loaded. User management needs a connection; check it and try again."
        empty={items.length === 0}
        emptyState={{ icon: Users, title: 'No users found' }}
      >
        <RoleCounts users={items} />
        <CardGrid label="Users" items={items} columns="email" align="start">
          {(user) => (
            <UserCard
              user={user}
              isSelf={user.id === me?.id}
              onEdit={() => setEditing({ user })}
              onDelete={() => confirmDelete.ask(user.id)}
              onDeleteSelf={() =>
                toast({
                  title: 'Cannot delete',
                  description: 'You cannot delete your own account',
                  variant: 'destructive',
                })
              }
            />
          )}
        </CardGrid>
      </ListStates>
      <SignUpAccess online={online} />
      {editing ? <UserForm user={editing.user} onClose={() => setEditing(null)} /> : null}
      {confirmDelete.dialog}
    </ListLayout>
  );
}
