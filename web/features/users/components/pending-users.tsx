import { UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { ROLE_LABELS } from '@shared/constants';
import type { User } from '@shared/schemas/user';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useToast } from '@web/components/ui/toast';
import { useDeleteUser } from '@web/entities/users/delete-user';
import { useApproveUser, usePendingUsers } from '@web/entities/users/pending-users';
import styles from './users.module.css';

/** Accounts from the open sign-up: the admin lets each in or declines it (the account is deleted). */
export function PendingUsers({ online }: { online: boolean }) {
  const { toast } = useToast();
  const pending = usePendingUsers();
  const approve = useApproveUser();
  const remove = useDeleteUser();
  const [declining, setDeclining] = useState<User | null>(null);
  const users = pending.data ?? [];
  if (users.length === 0) return null;

  return (
    <Card aria-labelledby="pending-users-heading" role="region">
      <CardHeader>
        <CardTitle as="h2" id="pending-users-heading">
          Waiting for approval ({users.length})
        </CardTitle>
        <CardDescription>
          Accounts made through the open sign-up. They can see nothing until you approve them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className={styles.rows} aria-label="Accounts waiting for approval">
          {users.map((user) => (
            <li key={user.id} className={styles.row}>
              <div className={styles.rowText}>
                <strong>{user.username}</strong>
                <span>
                  {user.email} · {ROLE_LABELS[user.role]}
                </span>
              </div>
              <div className={styles.rowActions}>
                <Button
                  onClick={() =>
                    approve.mutate(user.id, {
                      onSuccess: () =>
                        toast({ title: 'User approved', description: `${user.username} can now sign in` }),
                      onError: () =>
                        toast({ title: 'Error', description: 'Failed to approve user', variant: 'destructive' }),
                    })
                  }
                  disabled={!online || approve.isPending}
                  aria-label={`Approve ${user.username}`}
                >
                  <UserCheck aria-hidden="true" /> Approve
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => setDeclining(user)}
                  disabled={!online}
                  aria-label={`Decline ${user.username}`}
                >
                  <UserX aria-hidden="true" /> Decline
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => !open && setDeclining(null)}
        title={`Decline ${declining?.username ?? ''}?`}
        description="Their account is deleted. They can ask you for an invite link later."
        confirmLabel="Decline"
        pending={remove.isPending}
        onConfirm={() => {
          if (!declining) return;
          remove.mutate(declining.id, {
            onSuccess: () => toast({ title: 'Account declined', description: `${declining.username} was removed` }),
            onError: () => toast({ title: 'Error', description: 'Failed to delete user', variant: 'destructive' }),
            onSettled: () => setDeclining(null),
          });
        }}
      />
    </Card>
  );
}
