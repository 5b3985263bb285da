import type { Totals } from '../../../../shared/money';
import { MoneyCents } from '../../../components/ui/money';
import styles from './invoices.module.css';

/** The live subtotal, 8% tax and total of the receipt being made. */
export function ReceiptSummary({ totals }: { totals: Totals }) {
  return (
    <dl className={styles.summary} data-testid="receipt-totals" aria-live="polite">
      <div>
        <dt>Subtotal</dt>
        <dd>
          <MoneyCents cents={totals.subtotalCents} />
        </dd>
      </div>
      <div>
        <dt>Tax (8%)</dt>
        <dd>
          <MoneyCents cents={totals.taxCents} />
        </dd>
      </div>
      <div className={styles.totalRow}>
        <dt>Total</dt>
        <dd>
          <MoneyCents cents={totals.totalCents} />
        </dd>
      </div>
    </dl>
  );
}
