import { formatMoney } from '../lib/format';

export interface SummaryRow {
  label: string;
  amount: string;
  total?: boolean;
}

/** An invoice's figures as the server sums them: subtotal, tax at the invoice rate, total. */
export const invoiceTotals = (subtotal: string, tax: string, total: string): SummaryRow[] => [
  { label: 'Subtotal', amount: subtotal },
  { label: 'Tax (8%)', amount: tax },
  { label: 'Total', amount: total, total: true },
];

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
