import { useState } from 'react';
import { useCurrentUser } from '@web/lib/current-user';
import { useOnline } from '@web/lib/use-online';
import { AllInspectionsDialog } from './all-inspections-dialog';
import styles from './dashboard.module.css';
import { QuickActions } from './quick-actions';
import { RecentInspections } from './recent-inspections';
import { StatCards } from './stat-cards';
import { UnviewedSends } from '@web/widgets/sends/components/unviewed-sends';

/** The dashboard: greeting, figures, recent inspections and quick actions. */
export function DashboardSection() {
  const user = useCurrentUser();
  const online = useOnline();
  const [viewAll, setViewAll] = useState(false);
  return (
    <section aria-labelledby="section-heading">
      <h1 id="section-heading" className={styles.heading}>
        Welcome back, {user?.username}
      </h1>
      <p className={styles.lead}>Here&apos;s what&apos;s happening in your shop.</p>
      {online ? null : (
        <p role="status" className={styles.offline}>
          You&apos;re offline. The figures and recent inspections need a connection; customers, vehicles and inspections
          still work.
        </p>
      )}
      <StatCards />
      <UnviewedSends />
      <div className={styles.columns}>
        <RecentInspections onViewAll={() => setViewAll(true)} />
        <QuickActions />
      </div>
      <AllInspectionsDialog open={viewAll} onOpenChange={setViewAll} />
    </section>
  );
}
