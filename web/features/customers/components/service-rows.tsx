import type { Inspection, Service } from '../../../../shared/schemas/inspection';
import { Button } from '../../../components/ui/button';
import { MoneyCents } from '../../../components/ui/money';
import { NotSyncedBadge } from '../../../components/ui/not-synced-badge';
import { useToast } from '../../../components/ui/toast';
import { toCents, vehicleName } from '../../../lib/format';
import { serviceTotalCents } from '../../../../shared/money';
import { useUpdateServiceStatus } from '../api/update-service-status';
import { serviceAge } from './service-age';
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

/** Pending Approvals (approve) or Approved Services (unapprove) of one customer. */
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
  const pending = kind === 'pending';
  const title = pending ? 'Pending Approvals' : 'Approved Services';

  const act = (service: Service, inspection: Inspection) =>
    change.mutate(
      { inspection, service, status: pending ? 'approved' : 'recommended' },
      {
        onSuccess: () =>
          pending
            ? toast({ title: 'Service approved' })
            : toast({ title: 'Service unapproved', description: 'Service moved back to pending' }),
        onError: () =>
          toast({
            title: 'Error',
            description: pending ? 'Failed to approve service' : 'Failed to unapprove service',
            variant: 'destructive',
          }),
      },
    );

  return (
    <section className={styles.block} aria-label={title} data-testid={pending ? 'pending-approvals' : 'approved-services'}>
      <h3 className={styles.blockTitle}>
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className={styles.muted}>{pending ? 'No services waiting for approval.' : 'No approved services.'}</p>
      ) : (
        <ul className={styles.rows}>
          {items.map(({ service, inspection }) => (
            <li key={service.id} className={styles.row} data-testid="service-row">
              <div className={styles.rowText}>
                <strong>{service.description}</strong>
                <span className={styles.muted}>
                  {vehicleName(inspection.vehicle)} · <MoneyCents cents={totalOf(service)} />
                  {pending ? <> · {serviceAge(service.createdAt)}</> : null}
                </span>
                {unsent.has(inspection.id) ? (
                  <span>
                    <NotSyncedBadge />
                  </span>
                ) : null}
              </div>
              <Button
                variant={pending ? 'primary' : 'secondary'}
                size="sm"
                disabled={change.isPending && change.variables?.service.id === service.id}
                onClick={() => act(service, inspection)}
                aria-label={`${pending ? 'Approve' : 'Unapprove'} ${service.description}`}
              >
                {pending ? 'Approve' : 'Unapprove'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
