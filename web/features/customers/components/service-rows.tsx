import { useState } from 'react';
import type { ServiceStatus } from '@shared/constants';
import {
  DECISION_METHOD_LABELS,
  DEFAULT_STAFF_METHOD,
  STAFF_DECISION_METHODS,
  type StaffDecisionMethod,
} from '@shared/schemas/decision';
import type { Inspection, Service } from '@shared/schemas/inspection';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { MoneyCents } from '@web/components/ui/money';
import { NotSyncedBadge } from '@web/components/ui/not-synced-badge';
import { Select } from '@web/components/ui/select';
import { useToast } from '@web/components/ui/toast';
import { toCents, vehicleName } from '@web/lib/format';
import { serviceTotalCents } from '@shared/money';
import { useUpdateServiceStatus } from '@web/entities/inspections/update-service-status';
import { serviceAge } from './service-age';
import layout from '@web/components/list-layout/list-layout.module.css';
import styles from './customers.module.css';

export interface ServiceWithInspection {
  service: Service;
  inspection: Inspection;
}

const totalOf = (service: Service) =>
  serviceTotalCents({
    laborCostCents: toCents(service.laborCost),
    partsCostCents: toCents(service.partsCost),
    parts: service.parts.map((p) => ({ partCostCents: toCents(p.partCost) })),
  });

const METHOD_OPTIONS = STAFF_DECISION_METHODS.map((value) => ({ value, label: DECISION_METHOD_LABELS[value] }));

/** Pending Approvals (approve) or Approved Services (unapprove, or approve again once changed) of one customer. */
export function ServiceRows({
  kind,
  items,
  unsent,
}: {
  kind: 'pending' | 'approved';
  items: ServiceWithInspection[];
  /** Ids of rows with changes not yet on the server: an approval waiting to be sent shows it. */
  unsent: ReadonlySet<string>;
}) {
  const { toast } = useToast();
  const change = useUpdateServiceStatus();
  // How the customer gave each approval; in person unless the advisor picks another.
  const [methods, setMethods] = useState<Record<string, StaffDecisionMethod>>({});
  const pending = kind === 'pending';
  const title = pending ? 'Pending Approvals' : 'Approved Services';

  const act = (service: Service, inspection: Inspection, status: ServiceStatus) => {
    const approving = status === 'approved';
    change.mutate(
      { inspection, service, status, decisionMethod: methods[service.id] ?? DEFAULT_STAFF_METHOD },
      {
        onSuccess: () =>
          approving
            ? toast({ title: 'Service approved' })
            : toast({ title: 'Service unapproved', description: 'Service moved back to pending' }),
        onError: () =>
          toast({
            title: 'Error',
            description: approving ? 'Failed to approve service' : 'Failed to unapprove service',
            variant: 'destructive',
          }),
      },
    );
  };

  const busy = (service: Service) => change.isPending && change.variables?.service.id === service.id;
  const methodPicker = (service: Service) => (
    <Select
      options={METHOD_OPTIONS}
      value={methods[service.id] ?? DEFAULT_STAFF_METHOD}
      onValueChange={(value) => setMethods((all) => ({ ...all, [service.id]: value as StaffDecisionMethod }))}
      aria-label={`How the customer approved ${service.description}`}
      className={styles.method}
    />
  );

  return (
    <section
      className={layout.cardBlock}
      aria-label={title}
      data-testid={pending ? 'pending-approvals' : 'approved-services'}
    >
      <h3 className={layout.cardBlockTitle}>
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className={styles.muted}>{pending ? 'No services waiting for approval.' : 'No approved services.'}</p>
      ) : (
        <ul className={layout.cardRows}>
          {items.map(({ service, inspection }) => {
            const reapproval = !pending && service.needsReapproval;
            return (
              <li key={service.id} className={styles.row} data-testid="service-row">
                <div className={layout.cardRowText}>
                  <strong>{service.description}</strong>
                  <span className={styles.muted}>
                    {vehicleName(inspection.vehicle)} · <MoneyCents cents={totalOf(service)} />
                    {pending ? <> · {serviceAge(service.createdAt)}</> : null}
                  </span>
                  {reapproval ? (
                    <span data-testid="needs-reapproval">
                      <Badge variant="warning">Needs re-approval</Badge>{' '}
                      <span className={styles.muted}>
                        Approved{' '}
                        {service.approvedAmount ? <MoneyCents cents={toCents(service.approvedAmount)} /> : null}, now{' '}
                        <MoneyCents cents={totalOf(service)} />
                      </span>
                    </span>
                  ) : null}
                  {unsent.has(inspection.id) ? (
                    <span>
                      <NotSyncedBadge />
                    </span>
                  ) : null}
                </div>
                <div className={styles.rowActions}>
                  {pending || reapproval ? (
                    <>
                      {methodPicker(service)}
                      <Button
                        variant="primary"
                        size="sm"
                        disabled={busy(service)}
                        onClick={() => act(service, inspection, 'approved')}
                        aria-label={`${reapproval ? 'Approve again' : 'Approve'} ${service.description}`}
                      >
                        {reapproval ? 'Approve again' : 'Approve'}
                      </Button>
                    </>
                  ) : null}
                  {pending ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy(service)}
                      onClick={() => act(service, inspection, 'recommended')}
                      aria-label={`Unapprove ${service.description}`}
                    >
                      Unapprove
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
