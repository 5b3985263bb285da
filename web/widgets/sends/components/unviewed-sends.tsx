import { EyeOff } from 'lucide-react';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { useInspectionDialog } from '@web/lib/inspection-dialog-context';
import { useUnviewedSends } from '@web/entities/sends/sends';
import { activityTime } from './share-activity-line';
import styles from './sends.module.css';

/** The dashboard's flag: reports sent over the shop's alert time ago that the customer has not opened. */
export function UnviewedSends() {
  const unviewed = useUnviewedSends();
  const { openInspectionDialog } = useInspectionDialog();
  const data = unviewed.data;
  if (!data || data.items.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="unviewed-title" data-testid="unviewed-sends" className={styles.flag}>
      <CardHeader>
        <CardTitle id="unviewed-title">
          <EyeOff aria-hidden="true" /> Sent, not viewed ({data.items.length})
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className={styles.hint}>Sent over {data.minutes} minutes ago and not opened yet: a call may help.</p>
        <ul className={styles.unviewed}>
          {data.items.map((item) => (
            <li key={`${item.kind}:${item.id}`} data-testid="unviewed-send">
              <span>
                {item.customerName}
                {item.vehicle ? ` · ${item.vehicle}` : ''} · {item.kind === 'invoice' ? 'Invoice' : 'Inspection'} sent{' '}
                {activityTime(item.sentAt)}
              </span>
              {item.kind === 'inspection' ? (
                <Button variant="secondary" size="sm" onClick={() => openInspectionDialog({ inspectionId: item.id })}>
                  Open
                </Button>
              ) : (
                <a className={buttonClass('secondary', 'sm')} href={paths.home('invoices')}>
                  Receipts
                </a>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
