import type { FunnelGroup } from '../../../../shared/schemas/reports';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatMoneyCents, formatNumber } from '../../../lib/format';
import { formatMinutes, formatRate } from './format-figures';
import styles from './reports.module.css';

const COLUMNS: { header: string; cell: (g: FunnelGroup) => string }[] = [
  { header: 'Inspections', cell: (g) => formatNumber(g.inspections) },
  { header: 'Share rate', cell: (g) => formatRate(g.shareRate) },
  { header: 'View rate', cell: (g) => formatRate(g.viewRate) },
  { header: 'To view', cell: (g) => formatMinutes(g.medianMinutesToView) },
  { header: 'To decision', cell: (g) => formatMinutes(g.medianMinutesToDecision) },
  { header: 'Recommended', cell: (g) => formatMoneyCents(g.recommendedCents) },
  { header: 'Approved', cell: (g) => formatMoneyCents(g.approvedCents) },
  { header: 'Approved % (value)', cell: (g) => formatRate(g.approvalRateByValue) },
  { header: 'Approved % (count)', cell: (g) => formatRate(g.approvalRateByCount) },
  { header: 'Declined', cell: (g) => formatMoneyCents(g.declinedCents) },
  { header: 'Avg repair order', cell: (g) => (g.averageRepairOrderCents === null ? '—' : formatMoneyCents(g.averageRepairOrderCents)) },
];

/** One row per technician or advisor; a wide table scrolls inside its card, never the page. */
export function GroupTable({ title, groups, testId }: { title: string; groups: FunnelGroup[]; testId: string }) {
  const headingId = `${testId}-heading`;
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {groups.length === 0 ? (
          <p className={styles.muted}>No inspections in this range</p>
        ) : (
          <div className={styles.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  {COLUMNS.map((c) => (
                    <th key={c.header} scope="col">
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {groups.map((g) => (
                  <tr key={g.key}>
                    <th scope="row">{g.name}</th>
                    {COLUMNS.map((c) => (
                      <td key={c.header}>{c.cell(g)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
