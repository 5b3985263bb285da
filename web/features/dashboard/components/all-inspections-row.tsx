import { ExternalLink } from 'lucide-react';
import type { Inspection } from '../../../../shared/schemas/inspection';
import { AvailableAfterSync } from '../../../components/ui/available-after-sync';
import { buttonClass } from '../../../components/ui/button';
import { StatusBadge } from '../../../components/ui/status-badge';
import { paths } from '../../../config/paths';
import { formatDate, vehicleName } from '../../../lib/format';
import { useInspectionDialog } from '../../../lib/inspection-dialog-context';
import { PhotoCount } from '../../../widgets/media/components/photo-count';
import styles from './dashboard.module.css';

/** A row of the 'View All' list: the row opens the inspection dialog, 'Report' opens the report in a new tab. */
export function AllInspectionsRow({ inspection }: { inspection: Inspection }) {
  const { openInspectionDialog } = useInspectionDialog();
  const { customer, vehicle, technician } = inspection as Partial<Pick<Inspection, 'customer' | 'vehicle'>> &
    Pick<Inspection, 'technician'>;
  const name = customer?.name || 'Unknown Customer';
  return (
    <div className={styles.listRow}>
      <button
        type="button"
        className={styles.row}
        onClick={() => openInspectionDialog({ inspectionId: inspection.id })}
        data-testid="inspection-row"
      >
        <span className={styles.rowTop}>
          <span className={styles.rowName}>{name}</span>
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
      </button>
      {inspection.shareToken ? (
        <a
          className={buttonClass('secondary')}
          href={paths.report(inspection.shareToken)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Report for ${name} (opens in a new tab)`}
          data-testid="inspection-report-link"
        >
          <ExternalLink aria-hidden="true" /> Report
        </a>
      ) : (
        <AvailableAfterSync className={buttonClass('secondary')} />
      )}
    </div>
  );
}
