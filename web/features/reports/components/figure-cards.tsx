import type { FunnelFigures } from '@shared/schemas/reports';
import { Card } from '@web/components/ui/card';
import { formatMoneyCents, formatNumber } from '@web/lib/format';
import { formatMinutes, formatRate } from './format-figures';
import styles from './reports.module.css';

function Figure({ label, value, foot }: { label: string; value: string; foot?: string }) {
  return (
    <Card className={styles.figure} data-testid="report-figure">
      <h3 className={styles.figureLabel}>{label}</h3>
      <p className={styles.figureValue}>{value}</p>
      {foot ? <p className={styles.figureFoot}>{foot}</p> : null}
    </Card>
  );
}

/** The range's overall figures, in the order of the funnel: inspected, sent, viewed, decided, money. */
export function FigureCards({ figures: f }: { figures: FunnelFigures }) {
  return (
    <div className={styles.figures}>
      <Figure label="Inspections" value={formatNumber(f.inspections)} />
      <Figure
        label="Share rate"
        value={formatRate(f.shareRate)}
        foot={`${formatNumber(f.sent)} of ${formatNumber(f.inspections)} sent`}
      />
      <Figure
        label="View rate"
        value={formatRate(f.viewRate)}
        foot={`${formatNumber(f.viewed)} of ${formatNumber(f.sent)} opened`}
      />
      <Figure label="Send to first view" value={formatMinutes(f.medianMinutesToView)} foot="median" />
      <Figure label="Send to decision" value={formatMinutes(f.medianMinutesToDecision)} foot="median" />
      <Figure
        label="Recommended"
        value={formatMoneyCents(f.recommendedCents)}
        foot={`${formatNumber(f.services)} services`}
      />
      <Figure
        label="Approved"
        value={formatMoneyCents(f.approvedCents)}
        foot={`${formatRate(f.approvalRateByValue)} of value · ${formatRate(f.approvalRateByCount)} of services`}
      />
      <Figure label="Declined" value={formatMoneyCents(f.declinedCents)} />
      <Figure
        label="Average repair order"
        value={f.averageRepairOrderCents === null ? '—' : formatMoneyCents(f.averageRepairOrderCents)}
        foot={`${formatNumber(f.approvedInspections)} with approved work`}
      />
    </div>
  );
}
