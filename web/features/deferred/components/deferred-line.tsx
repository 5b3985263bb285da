import type { DeferredWork, FollowUpOutcome } from '@shared/schemas/deferred';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { MoneyCents } from '@web/components/ui/money';
import { NotSyncedBadge } from '@web/components/ui/not-synced-badge';
import { Select } from '@web/components/ui/select';
import { formatDate } from '@web/lib/format';
import { DismissForm } from '@web/widgets/deferred/dismiss-form';
import styles from '@web/widgets/deferred/deferred.module.css';
import { ageInDays, ageText, OUTCOME_OPTIONS } from './follow-up';
import type { UpdateDeferredBody } from '@shared/schemas/deferred';

export interface DeferredLineProps {
  line: DeferredWork;
  unsent: boolean;
  pending: boolean;
  onChange: (changes: UpdateDeferredBody) => void;
}

/** One open line: who, what, how much, how old; its follow-up date and outcome edited in place. */
export function DeferredLine({ line, unsent, pending, onChange }: DeferredLineProps) {
  const days = ageInDays(line.inspectedAt);
  return (
    <article
      className={styles.line}
      data-testid="deferred-line"
      aria-label={`${line.description} for ${line.customerName}`}
    >
      <div className={styles.lineTop}>
        <h2 className={styles.lineTitle}>{line.description}</h2>
        <span className={styles.value} data-testid="deferred-value">
          <MoneyCents cents={line.amountCents} />
        </span>
      </div>
      <ul className={styles.facts}>
        <li>{line.customerName}</li>
        <li>
          <a className={styles.phone} href={`tel:${line.customerPhone}`}>
            {line.customerPhone}
          </a>
        </li>
        <li>{line.vehicleLabel}</li>
        <li>
          {line.sourceStatus === 'declined' ? 'Declined' : 'Not decided'} {formatDate(line.inspectedAt)} ·{' '}
          {ageText(days)} old
        </li>
        {unsent ? (
          <li>
            <NotSyncedBadge />
          </li>
        ) : null}
      </ul>
      {line.technicianNote ? <p className={styles.note}>Note: {line.technicianNote}</p> : null}
      <div className={styles.controls}>
        <FormField label="Follow-up date">
          <Input
            type="date"
            value={line.followUpDate ?? ''}
            onChange={(e) => onChange({ followUpDate: e.target.value || null })}
          />
        </FormField>
        <FormField label="Outcome">
          <Select
            options={OUTCOME_OPTIONS}
            value={line.followUpOutcome ?? 'none'}
            onValueChange={(value) =>
              onChange({ followUpOutcome: value === 'none' ? null : (value as FollowUpOutcome) })
            }
          />
        </FormField>
        <DismissForm
          description={line.description}
          pending={pending}
          onDismiss={(reason) => onChange({ status: 'dismissed', dismissReason: reason })}
        />
      </div>
    </article>
  );
}
