import { ClipboardList } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useOnline } from '@web/lib/use-online';
import { useRecentInspections } from '@web/entities/inspections/get-recent-inspections';
import styles from './dashboard.module.css';
import { RetryAlert } from './retry-alert';
import { InspectionRow } from './inspection-row';

/** The first 3 inspections, and 'View All'. */
export function RecentInspections({ onViewAll }: { onViewAll: () => void }) {
  const recent = useRecentInspections();
  const online = useOnline();
  return (
    <Card aria-labelledby="recent-inspections-title" role="region">
      <CardHeader
        actions={
          <Button variant="secondary" size="sm" onClick={onViewAll}>
            View All
          </Button>
        }
      >
        <CardTitle id="recent-inspections-title">Recent Inspections</CardTitle>
      </CardHeader>
      <CardContent>
        {!online && !recent.data ? (
          <p className={styles.muted}>Recent inspections need a connection.</p>
        ) : recent.isPending ? (
          <LoadingBlock text="Loading inspections..." />
        ) : recent.isError ? (
          <RetryAlert onRetry={() => void recent.refetch()}>The inspections could not be loaded.</RetryAlert>
        ) : recent.data.length === 0 ? (
          <EmptyState
            icon={ClipboardList}
            title="No inspections found"
            description="Start by creating your first inspection"
          />
        ) : (
          <ul className={styles.list}>
            {recent.data.map((inspection) => (
              <li key={inspection.id}>
                <InspectionRow inspection={inspection} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
