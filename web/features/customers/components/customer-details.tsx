import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Customer } from '@shared/schemas/customer';
import type { Inspection } from '@shared/schemas/inspection';
import { paths } from '@web/config/paths';
import { Button, buttonClass } from '@web/components/ui/button';
import { AvailableAfterSync } from '@web/components/ui/available-after-sync';
import { useConfirmDelete } from '@web/components/ui/confirm-delete';
import { NotSyncedBadge } from '@web/components/ui/not-synced-badge';
import { LoadingBlock } from '@web/components/ui/spinner';
import { StatusBadge } from '@web/components/ui/status-badge';
import { formatDate, vehicleName } from '@web/lib/format';
import { useInspectionDialog } from '@web/lib/inspection-dialog-context';
import { useVehicleDialog } from '@web/lib/vehicle-dialog-context';
import { PhotoCount } from '@web/widgets/media/components/photo-count';
import { useDeleteVehicle } from '@web/entities/vehicles/delete-vehicle';
import { useCustomerVehicles } from '@web/entities/vehicles/get-customer-vehicles';
import { ServiceRows } from './service-rows';
import layout from '@web/components/list-layout/list-layout.module.css';
import styles from './customers.module.css';

export interface CustomerDetailsProps {
  customer: Customer;
  inspections: Inspection[] | undefined;
  inspectionsFailed: boolean;
  /** Ids of rows with changes not yet on the server. */
  unsent: ReadonlySet<string>;
}

/** The open part of a card: vehicles, approvals and inspections (loaded only while open). */
export function CustomerDetails({ customer, inspections, inspectionsFailed, unsent }: CustomerDetailsProps) {
  const { openInspectionDialog } = useInspectionDialog();
  const { openVehicleDialog } = useVehicleDialog();
  const vehicles = useCustomerVehicles(customer.id, true);
  const removeVehicle = useDeleteVehicle();
  const confirmDelete = useConfirmDelete(removeVehicle, {
    noun: 'vehicle',
    description: 'Its inspections are deleted with it.',
  });

  const services = (inspections ?? []).flatMap((inspection) =>
    inspection.services.map((service) => ({ service, inspection })),
  );
  const pending = services.filter((s) => s.service.status === 'recommended');
  const approved = services.filter((s) => s.service.status === 'approved');

  // Vehicles and inspections load side by side: the card opens on both at once, so that rows never
  // move under a finger (or a click) when the other half comes in.
  if (vehicles.isPending || (!inspections && !inspectionsFailed)) {
    return (
      <div className={styles.details}>
        <LoadingBlock text="Loading vehicles and inspections..." />
      </div>
    );
  }

  return (
    <div className={styles.details}>
      <section className={layout.cardBlock} aria-label="Vehicles">
        <h3 className={layout.cardBlockTitle}>Vehicles{vehicles.data ? ` (${vehicles.data.length})` : ''}</h3>
        {!vehicles.data ? (
          <p role="alert">Vehicles could not be loaded.</p>
        ) : (
          <ul className={layout.cardRows}>
            {vehicles.data.map((vehicle) => {
              const name = vehicleName(vehicle);
              return (
                <li key={vehicle.id} className={styles.row} data-testid="customer-vehicle">
                  <div className={layout.cardRowText}>
                    <strong>{name}</strong>
                    <span className={styles.muted}>
                      {[vehicle.licensePlate, vehicle.vin].filter(Boolean).join(' · ') || 'No plate or VIN'}
                    </span>
                    {unsent.has(vehicle.id) ? (
                      <span>
                        <NotSyncedBadge />
                      </span>
                    ) : null}
                  </div>
                  <div className={styles.actions}>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${name}`}
                      onClick={() => openVehicleDialog({ vehicleId: vehicle.id })}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${name}`}
                      onClick={() => confirmDelete.ask(vehicle)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => openVehicleDialog({ customerId: customer.id, customerName: customer.name })}
          >
            <Plus aria-hidden="true" /> Add Vehicle
          </Button>
        </div>
      </section>

      {inspectionsFailed || !inspections ? (
        <p role="alert">Inspections could not be loaded.</p>
      ) : (
        <>
          <ServiceRows kind="pending" items={pending} unsent={unsent} />
          <ServiceRows kind="approved" items={approved} unsent={unsent} />
          <section className={layout.cardBlock} aria-label="Inspections" data-testid="customer-inspections">
            <h3 className={layout.cardBlockTitle}>Inspections ({inspections.length})</h3>
            {inspections.length === 0 ? <p className={styles.muted}>No inspections yet.</p> : null}
            <ul className={layout.cardRows}>
              {inspections.map((inspection) => (
                <li key={inspection.id} className={styles.row} data-testid="inspection-row">
                  <div className={layout.cardRowText}>
                    <strong>{vehicleName(inspection.vehicle)}</strong>
                    <span className={styles.muted}>
                      {formatDate(inspection.createdAt)} · {inspection.technician?.username ?? 'Unknown'}
                    </span>
                    <PhotoCount inspectionId={inspection.id} />
                    <span className={styles.rowBadges}>
                      <StatusBadge family="inspection" status={inspection.status} />
                      {unsent.has(inspection.id) ? <NotSyncedBadge /> : null}
                    </span>
                  </div>
                  <div className={styles.actions}>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit inspection of ${formatDate(inspection.createdAt)}`}
                      onClick={() => openInspectionDialog({ inspectionId: inspection.id, customerId: customer.id })}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    {inspection.shareToken ? (
                      <a
                        className={buttonClass('ghost', 'icon')}
                        href={paths.report(inspection.shareToken)}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Open the report of ${formatDate(inspection.createdAt)} (new tab)`}
                      >
                        <ExternalLink aria-hidden="true" />
                      </a>
                    ) : (
                      <AvailableAfterSync className={buttonClass('ghost', 'sm')} />
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
      {confirmDelete.dialog}
    </div>
  );
}
