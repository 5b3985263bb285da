import type { Inspection } from '@shared/schemas/inspection';
import { AvailableAfterSync } from '@web/components/ui/available-after-sync';
import { StatusBadge } from '@web/components/ui/status-badge';
import { paths } from '@web/config/paths';
import { formatDate, vehicleName } from '@web/lib/format';
import { PhotoCount } from '@web/widgets/media/components/photo-count';
import styles from './dashboard.module.css';

/** Customer and status, then vehicle (and plate), date, technician and photos: the text of every inspection row. */
export function InspectionRowContent({ inspection }: { inspection: Inspection }) {
  const { customer, vehicle, technician } = inspection as Partial<Pick<Inspection, 'customer' | 'vehicle'>> &
    Pick<Inspection, 'technician'>;
  return (
    <>
      <span className={styles.rowTop}>
        <span className={styles.rowName}>{customer?.name || 'Unknown Customer'}</span>
        <StatusBadge family="inspection" status={inspection.status} />
      </span>
      <span className={styles.rowMeta}>
        {vehicle ? (
          <span>
            {vehicleName(vehicle)}
            {vehicle.licensePlate ? ` (${vehicle.licensePlate})` : ''}
          </span>
        ) : null}
        <span>{formatDate(inspection.createdAt)}</span>
        <span>Technician: {technician?.username || 'Unknown'}</span>
        <PhotoCount inspectionId={inspection.id} />
      </span>
    </>
  );
}

/** One inspection: customer, status, vehicle (and plate), date and technician; opens the report. */
export function InspectionRow({ inspection }: { inspection: Inspection }) {
  const content = <InspectionRowContent inspection={inspection} />;
  // Not on the server yet: no share token, so no report to open until it is sent.
  if (!inspection.shareToken) {
    return (
      <div className={styles.row} data-testid="inspection-row">
        {content}
        <AvailableAfterSync className={styles.rowMeta} />
      </div>
    );
  }
  return (
    <a
      className={styles.row}
      href={paths.report(inspection.shareToken)}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="inspection-row"
    >
      {content}
    </a>
  );
}
