import { Plus } from 'lucide-react';
import type { DeferredWork } from '@shared/schemas/deferred';
import { Button } from '@web/components/ui/button';
import { MoneyCents } from '@web/components/ui/money';
import { useToast } from '@web/components/ui/toast';
import { formatDate } from '@web/lib/format';
import { useVehicleDeferred } from '@web/entities/deferred/get-deferred';
import { useUpdateDeferred } from '@web/entities/deferred/update-deferred';
import { DismissForm } from './dismiss-form';
import styles from './deferred.module.css';

export interface PreviouslyDeclinedProps {
  vehicleId: string;
  /** The inspection being edited: its own lines are not offered back to it. */
  inspectionId: string | undefined;
  /** Lines already added to this inspection's services (marked when it is saved). */
  addedIds: ReadonlySet<string>;
  onAdd: (line: DeferredWork) => void;
}

/** The vehicle's open deferred lines, each added to this inspection with one tap or dismissed. */
export function PreviouslyDeclined({ vehicleId, inspectionId, addedIds, onAdd }: PreviouslyDeclinedProps) {
  const { toast } = useToast();
  const lines = useVehicleDeferred(vehicleId);
  const dismiss = useUpdateDeferred();
  const offered = (lines.data ?? []).filter((line) => line.sourceInspectionId !== inspectionId);
  if (!vehicleId || offered.length === 0) return null;
  return (
    <fieldset className={styles.declined} data-testid="previously-declined">
      <legend className={styles.legend}>Previously declined</legend>
      <ul className={styles.list}>
        {offered.map((line) => (
          <li key={line.id} className={styles.line} data-testid="declined-line">
            <div className={styles.lineTop}>
              <h3 className={styles.lineTitle}>{line.description}</h3>
              <span className={styles.value}>
                <MoneyCents cents={line.amountCents} />
              </span>
            </div>
            <p className={styles.muted}>
              {line.sourceStatus === 'declined' ? 'Declined' : 'Not decided'} {formatDate(line.inspectedAt)}
            </p>
            {line.technicianNote ? <p className={styles.note}>Note: {line.technicianNote}</p> : null}
            {addedIds.has(line.id) ? (
              <p className={styles.muted}>Added to this inspection</p>
            ) : (
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => onAdd(line)} aria-label={`Add ${line.description}`}>
                  <Plus aria-hidden="true" /> Add
                </Button>
                <DismissForm
                  description={line.description}
                  pending={dismiss.isPending}
                  onDismiss={(reason) =>
                    dismiss.mutate(
                      { line, changes: { status: 'dismissed', dismissReason: reason } },
                      {
                        onSuccess: () => toast({ title: 'Deferred work dismissed' }),
                        onError: (error) =>
                          toast({ title: 'Error', description: error.message, variant: 'destructive' }),
                      },
                    )
                  }
                />
              </div>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
