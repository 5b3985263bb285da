import { ROLES, type Role } from '@shared/constants';
import type { User } from '@shared/schemas/user';
import styles from './users.module.css';

const COUNT_LABELS: Record<Role, string> = {
  admin: 'Administrators',
  technician: 'Technicians',
  service_advisor: 'Service Advisors',
};

/** How many users there are, and how many of each role. */
export function RoleCounts({ users }: { users: readonly User[] }) {
  const counts = [
    { key: 'total', label: 'Total Users', value: users.length },
    ...ROLES.map((role) => ({
      key: role,
      label: COUNT_LABELS[role],
      value: users.filter((u) => u.role === role).length,
    })),
  ];
  return (
    <dl className={styles.counts} aria-label="Users by role" data-testid="role-counts">
      {counts.map((count) => (
        <div key={count.key} className={styles.count} data-testid={`count-${count.key}`}>
          <dt>{count.label}</dt>
          <dd>{count.value}</dd>
        </div>
      ))}
    </dl>
  );
}
