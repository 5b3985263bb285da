import { Plus, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import type { FieldErrors } from '@web/lib/form-errors';
import type { LineItemDraft } from './receipt-totals';
import layout from '@web/components/list-layout/list-layout.module.css';
import styles from './invoices.module.css';

export interface LineItemsEditorProps {
  items: LineItemDraft[];
  /** Messages keyed 'lineItems.<index>.description' / 'lineItems.<index>.amount'. */
  errors: FieldErrors;
  onChange: (key: string, changes: Partial<LineItemDraft>) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
}

/** Custom line items (description + amount), added and removed in place. */
export function LineItemsEditor({ items, errors, onChange, onAdd, onRemove }: LineItemsEditorProps) {
  return (
    <section className={layout.cardBlock} aria-labelledby="receipt-items-heading">
      <h3 id="receipt-items-heading" className={layout.cardBlockTitle}>
        Custom Line Items
      </h3>
      {items.length === 0 ? <p className={styles.muted}>No custom line items.</p> : null}
      <ol className={layout.cardRows}>
        {items.map((item, index) => {
          const n = index + 1;
          const descriptionError = errors[`lineItems.${index}.description`];
          const amountMessage = errors[`lineItems.${index}.amount`];
          // 'Please enter both description and amount' is said once per row.
          const amountError = amountMessage === descriptionError ? undefined : amountMessage;
          return (
            <li key={item.key} className={styles.lineItem} data-testid="line-item">
              <FormField label={`Description ${n}`} error={descriptionError} className={styles.grow}>
                <Input value={item.description} onChange={(e) => onChange(item.key, { description: e.target.value })} />
              </FormField>
              <FormField label={`Amount ${n}`} error={amountError} className={styles.amountField}>
                <Input
                  inputMode="decimal"
                  placeholder="0.00"
                  value={item.amount}
                  onChange={(e) => onChange(item.key, { amount: e.target.value })}
                />
              </FormField>
              <Button
                variant="ghost"
                size="icon"
                className={styles.removeItem}
                aria-label={`Remove line item ${n}`}
                onClick={() => onRemove(item.key)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ol>
      <div>
        <Button variant="secondary" size="sm" onClick={onAdd}>
          <Plus aria-hidden="true" /> Add Line Item
        </Button>
      </div>
    </section>
  );
}
