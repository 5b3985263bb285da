import type { FunnelGroup } from '@shared/schemas/reports';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatMoneyCents, formatNumber } from '@web/lib/format';
import { formatMinutes, formatRate } from './format-figures';
import styles from './reports.module.css';

const FIGURES: { label: string; value: (g: FunnelGroup) => string }[] = [
  { label: 'Inspections', value: (g) => formatNumber(g.inspections) },
  { label: 'Share rate', value: (g) => formatRate(g.shareRate) },
  { label: 'View rate', value: (g) => formatRate(g.viewRate) },
  { label: 'To first view', value: (g) => formatMinutes(g.medianMinutesToView) },
  { label: 'To decision', value: (g) => formatMinutes(g.medianMinutesToDecision) },
  { label: 'Recommended', value: (g) => formatMoneyCents(g.recommendedCents) },
  { label: 'Approved', value: (g) => formatMoneyCents(g.approvedCents) },
  { label: 'Approved % of value', value: (g) => formatRate(g.approvalRateByValue) },
  { label: 'Approved % of services', value: (g) => formatRate(g.approvalRateByCount) },
  { label: 'Declined', value: (g) => formatMoneyCents(g.declinedCents) },
  {
    label: 'Avg repair order',
    value: (g) => (g.averageRepairOrderCents === null ? '—' : formatMoneyCents(g.averageRepairOrderCents)),
  },
];

/**
 * One block per technician or advisor, its figures in a grid that wraps to the width there is:
 * eleven figures side by side would not fit a tablet, let alone a phone.
 */
export function GroupTable({ title, groups, testId }: { title: string; groups: FunnelGroup[]; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent className={styles.groups}>
        {groups.length === 0 ? (
          <p className={styles.muted}>No inspections in this range</p>
        ) : (
          groups.map((g) => (
            <article
              key={g.key}
              className={styles.group}
              aria-labelledby={`${testId}-${g.key}`}
              data-testid="report-group"
            >
              <h3 id={`${testId}-${g.key}`} className={styles.groupName}>
                {g.name}
              </h3>
              <dl className={styles.groupFigures}>
                {FIGURES.map((f) => (
                  <div key={f.label}>
                    <dt>{f.label}</dt>
                    <dd>{f.value(g)}</dd>
                  </div>
                ))}
              </dl>
            </article>
          ))
        )}
      </CardContent>
    </Card>
  );
}
