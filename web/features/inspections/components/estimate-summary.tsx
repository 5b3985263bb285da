import { MoneyCents } from '../../../components/ui/money';
import type { Totals } from '../../../../shared/money';
import styles from './inspection-form.module.css';

/** The live estimate of the services with the 8.5% inspection tax. */
export function EstimateSummary({ totals }: { totals: Totals }) {
  return (
    <dl className={styles.estimate} data-testid="inspection-estimate" aria-live="polite">
      <div>
        <dt>Subtotal</dt>
        <dd>
          <MoneyCents cents={totals.subtotalCents} />
        </dd>
      </div>
      <div>
        <dt>Tax (8.5%)</dt>
        <dd>
          <MoneyCents cents={totals.taxCents} />
        </dd>
      </div>
      <div className={styles.total}>
        <dt>Estimated Total</dt>
        <dd>
          <MoneyCents cents={totals.totalCents} />
        </dd>
      </div>
    </dl>
  );
}
