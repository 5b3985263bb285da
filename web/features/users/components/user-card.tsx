import { Eye, Mail, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ROLE_LABELS } from '@shared/constants';
import type { User } from '@shared/schemas/user';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import styles from './users.module.css';

export interface UserCardProps {
  user: User;
  /** The signed-in admin's own card: its delete button is disabled. */
  isSelf: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Pressing the disabled delete button of the own card (it explains why). */
  onDeleteSelf: () => void;
}

export function UserCard({ user, isSelf, onEdit, onDelete, onDeleteSelf }: UserCardProps) {
  return (
    <Card data-testid="user-card" aria-label={user.username} role="article">
      {/* Every listed user shows as 'Active': pending accounts are listed apart (docs/security.md). */}
      <CardHeader actions={<Badge variant="success">Active</Badge>}>
        <div className={styles.identity}>
          <span className={styles.initial} aria-hidden="true" data-testid="user-initial">
            {user.username.charAt(0).toUpperCase()}
          </span>
          <div className={styles.identityText}>
            <CardTitle as="h2">{user.username}</CardTitle>
            <span className={styles.role}>{ROLE_LABELS[user.role]}</span>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        <p className={styles.email}>
          <Mail aria-hidden="true" />
          <span className={styles.oneLine} title={user.email}>
            {user.email}
          </span>
        </p>
      </CardContent>
      <CardFooter className={styles.actions}>
        <Link to={paths.user(user.id)} className={buttonClass('primary')}>
          <Eye aria-hidden="true" /> View Details
        </Link>
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${user.username}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
        {/* aria-disabled keeps the button focusable and pressable, so it can say why it does nothing. */}
        <Button
          variant="ghost"
          onClick={isSelf ? onDeleteSelf : onDelete}
          aria-disabled={isSelf ? true : undefined}
          aria-label={`Delete ${user.username}`}
          title={isSelf ? 'You cannot delete your own account' : undefined}
        >
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </CardFooter>
    </Card>
  );
}
