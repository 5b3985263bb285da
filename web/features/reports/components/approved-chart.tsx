import type { FunnelReport } from '@shared/schemas/reports';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDate, formatMoneyCents } from '@web/lib/format';
import styles from './reports.module.css';

const HEIGHT = 100;
// A calendar date at noon UTC is the same date in every zone the reader may be in.
const dateText = (date: string) => formatDate(`${date}T12:00:00Z`);

/** Approved $ per day as plain SVG bars (one unit wide each, stretched to the card). */
export function ApprovedChart({ days }: { days: FunnelReport['days'] }) {
  const max = Math.max(0, ...days.map((d) => d.approvedCents));
  const best = days.find((d) => d.approvedCents === max);
  const first = days[0];
  const last = days.at(-1);
  const summary =
    max === 0 || !best || !first || !last
      ? 'No approved work in this range'
      : `Highest: ${formatMoneyCents(max)} on ${dateText(best.date)}`;
  return (
    <Card data-testid="approved-chart">
      <CardHeader>
        <CardTitle as="h2">Approved $ per day</CardTitle>
      </CardHeader>
      <CardContent>
        <p className={styles.muted}>{summary}</p>
        <svg
          className={styles.chart}
          viewBox={`0 0 ${days.length} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`Approved dollars per day${first && last ? `, ${dateText(first.date)} to ${dateText(last.date)}` : ''}. ${summary}`}
        >
          <line
            x1={0}
            y1={HEIGHT}
            x2={days.length}
            y2={HEIGHT}
            className={styles.chartAxis}
            vectorEffect="non-scaling-stroke"
          />
          {days.map((day, i) => {
            const height = max === 0 ? 0 : (day.approvedCents / max) * (HEIGHT - 2);
            return (
              <rect
                key={day.date}
                x={i + 0.15}
                width={0.7}
                y={HEIGHT - height}
                height={height}
                className={styles.chartBar}
                data-date={day.date}
              >
                <title>{`${dateText(day.date)}: ${formatMoneyCents(day.approvedCents)}`}</title>
              </rect>
            );
          })}
        </svg>
        {first && last ? (
          <div className={styles.chartDates}>
            <span>{dateText(first.date)}</span>
            <span>{dateText(last.date)}</span>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
