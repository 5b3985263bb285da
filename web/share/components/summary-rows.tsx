import { formatMoney } from '../lib/format';

export interface SummaryRow {
  label: string;
  amount: string;
  total?: boolean;
}

/** Money rows ending in a total; the figures come from the server, never recomputed here. */
export function SummaryRows({ rows, testId }: { rows: SummaryRow[]; testId?: string }) {
  return (
    <dl className="summary" data-testid={testId}>
      {rows.map((row) => (
        <div key={row.label} className={row.total ? 'summary__row summary__row--total' : 'summary__row'}>
          <dt>{row.label}</dt>
          <dd className="num">{formatMoney(row.amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
