import { CalendarCheck, ClipboardList, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { formatGrowth, formatNumber } from '@web/lib/format';
import { useOnline } from '@web/lib/use-online';
import { useDashboardStats } from '@web/entities/dashboard/get-dashboard-stats';
import styles from './dashboard.module.css';
import { RetryAlert } from './retry-alert';

function StatCard({
  label,
  icon: Icon,
  value,
  children,
}: {
  label: string;
  icon: LucideIcon;
  value: number | undefined;
  children?: ReactNode;
}) {
  return (
    <Card className={styles.stat} data-testid="stat-card">
      <div className={styles.statTop}>
        <h2 className={styles.statLabel}>{label}</h2>
        <Icon className={styles.statIcon} aria-hidden="true" />
      </div>
      <p className={styles.statValue}>{value === undefined ? '—' : formatNumber(value)}</p>
      <div className={styles.statFoot}>{children}</div>
    </Card>
  );
}

function Growth({ percent }: { percent: number | null }) {
  // A shop's first month has nothing to compare with: '+100%' there would only be noise.
  if (percent === null) return <span>No previous 30 days to compare</span>;
  return (
    <>
      <Badge variant={percent < 0 ? 'destructive' : 'success'}>{formatGrowth(percent)}</Badge>
      <span>vs previous 30 days</span>
    </>
  );
}

/** Total Customers, Total Inspections and Inspections Today (with the in-progress count). */
export function StatCards() {
  const stats = useDashboardStats();
  // Offline the section says the figures need a connection; a failed fetch is not news then.
  const online = useOnline();
  const data = stats.data;
  return (
    <div className={styles.stats} aria-busy={stats.isPending && online}>
      <StatCard label="Total Customers" icon={Users} value={data?.totalCustomers}>
        {data ? <Growth percent={data.customerGrowth} /> : null}
      </StatCard>
      <StatCard label="Total Inspections" icon={ClipboardList} value={data?.totalInspections}>
        {data ? <Growth percent={data.inspectionGrowth} /> : null}
      </StatCard>
      <StatCard label="Inspections Today" icon={CalendarCheck} value={data?.inspectionsToday}>
        {data ? <Badge variant="warning">{data.pendingInspections} Pending</Badge> : null}
      </StatCard>
      {stats.isError && online ? (
        <RetryAlert onRetry={() => void stats.refetch()}>The figures could not be loaded.</RetryAlert>
      ) : null}
    </div>
  );
}
