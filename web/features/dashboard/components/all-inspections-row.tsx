import { ExternalLink } from 'lucide-react';
import type { Inspection } from '@shared/schemas/inspection';
import { AvailableAfterSync } from '@web/components/ui/available-after-sync';
import { buttonClass } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { useInspectionDialog } from '@web/lib/inspection-dialog-context';
import styles from './dashboard.module.css';
import { InspectionRowContent } from './inspection-row';

/** A row of the 'View All' list: the row opens the inspection dialog, 'Report' opens the report in a new tab. */
export function AllInspectionsRow({ inspection }: { inspection: Inspection }) {
  const { openInspectionDialog } = useInspectionDialog();
  const name = (inspection as Partial<Pick<Inspection, 'customer'>>).customer?.name || 'Unknown Customer';
  return (
    <div className={styles.listRow}>
      <button
        type="button"
        className={styles.row}
        onClick={() => openInspectionDialog({ inspectionId: inspection.id })}
        data-testid="inspection-row"
      >
        <InspectionRowContent inspection={inspection} />
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
