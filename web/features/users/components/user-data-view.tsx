import { AlertCircle, ArrowLeft, Mail, RotateCw, UserRound, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ROLE_LABELS } from '@shared/constants';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { ApiError } from '@web/lib/api-client';
import { useUserData } from '@web/entities/users/get-user-data';
import { UserDataTables } from './user-data-tables';
import styles from './users.module.css';

const LOAD_FAILED = 'Failed to load user data. Please try again.';

function BackToUsers() {
  return (
    <Link to={paths.home('users')} className={buttonClass('ghost')}>
      <ArrowLeft aria-hidden="true" /> Back to Users
    </Link>
  );
}

function StateCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className={styles.state}>
      {icon}
      <h1 className={styles.stateTitle}>{title}</h1>
      {children}
    </Card>
  );
}

/** `/users/{id}`: one user's profile, counts, and the customers, vehicles and inspections that are theirs. */
export function UserDataView({ userId }: { userId: string }) {
  const query = useUserData(userId);

  if (query.isPending) return <LoadingBlock text="Loading user data..." />;

  if (query.isError) {
    const error = query.error;
    // A malformed id (400) cannot name a user either.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return (
        <StateCard icon={<UserX className={styles.stateIcon} aria-hidden="true" />} title="User Not Found">
          <p className={styles.muted}>The user data you&apos;re looking for doesn&apos;t exist.</p>
          <BackToUsers />
        </StateCard>
      );
    }
    return (
      <StateCard icon={<AlertCircle className={styles.stateIcon} aria-hidden="true" />} title="Error Loading Data">
        <p className={styles.muted} role="alert">
          {error.message || LOAD_FAILED}
        </p>
        <div className={styles.stateActions}>
          <BackToUsers />
          <Button onClick={() => window.location.reload()}>
            <RotateCw aria-hidden="true" /> Retry
          </Button>
        </div>
      </StateCard>
    );
  }

  const { user, customers, vehicles, inspections } = query.data;
  const counts = [
    { label: 'Customers', value: customers.length },
    { label: 'Vehicles', value: vehicles.length },
    { label: 'Inspections', value: inspections.length },
  ];

  return (
    <section className={styles.section} aria-labelledby="user-data-heading">
      <div className={styles.back}>
        <BackToUsers />
      </div>
      <div className={styles.profile}>
        <h1 id="user-data-heading" className={styles.heading}>
          {user.username}
        </h1>
        <p className={styles.profileMeta}>
          <span className={styles.email}>
            <Mail aria-hidden="true" />
            <span data-testid="user-email">{user.email}</span>
          </span>
          <span className={styles.email}>
            <UserRound aria-hidden="true" />
            <span data-testid="user-role">{ROLE_LABELS[user.role]}</span>
          </span>
        </p>
      </div>
      <dl className={styles.counts} aria-label="Totals" data-testid="user-data-counts">
        {counts.map((count) => (
          <div key={count.label} className={styles.count}>
            <dt>{count.label}</dt>
            <dd>{count.value}</dd>
          </div>
        ))}
      </dl>
      <UserDataTables data={query.data} />
    </section>
  );
}
