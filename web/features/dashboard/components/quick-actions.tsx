import { ClipboardPlus, UserPlus } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useInspectionDialog } from '@web/lib/inspection-dialog-context';
import { useSection } from '@web/lib/use-section';
import styles from './dashboard.module.css';

export function QuickActions() {
  const [, setSection] = useSection();
  const { openInspectionDialog } = useInspectionDialog();
  return (
    <Card aria-labelledby="quick-actions-title" role="region">
      <CardHeader>
        <CardTitle id="quick-actions-title">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className={styles.actions}>
        <Button block onClick={() => setSection('customers')}>
          <UserPlus aria-hidden="true" />
          Create a Customer
        </Button>
        <Button block variant="secondary" onClick={() => openInspectionDialog()}>
          <ClipboardPlus aria-hidden="true" />
          Create Inspection
        </Button>
      </CardContent>
    </Card>
  );
}
