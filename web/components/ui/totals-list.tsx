import type { Totals } from '@shared/money';
import { cn } from '@web/lib/cn';
import { MoneyCents } from './money';
import styles from './totals-list.module.css';

export interface TotalsListProps {
  totals: Totals;
  /** The tax line's label, with its rate. */
  taxLabel: string;
  totalLabel: string;
  testId: string;
  /** No space above or below, where the list closes a dialog. */
  flush?: boolean;
}

/** The live subtotal, tax and total of what is being made, read out as they change. */
export function TotalsList({ totals, taxLabel, totalLabel, testId, flush = false }: TotalsListProps) {
  const rows = [
    { label: 'Subtotal', cents: totals.subtotalCents },
    { label: taxLabel, cents: totals.taxCents },
    { label: totalLabel, cents: totals.totalCents, className: styles.total },
  ];
  return (
    <dl className={cn(styles.list, flush && styles.flush)} data-testid={testId} aria-live="polite">
      {rows.map((row) => (
        <div key={row.label} className={row.className}>
          <dt>{row.label}</dt>
          <dd>
            <MoneyCents cents={row.cents} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
