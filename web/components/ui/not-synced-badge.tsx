import { CloudUpload } from 'lucide-react';
import { Badge } from './badge';

/** Marks a row whose changes are saved on this device but not yet on the server. */
export function NotSyncedBadge() {
  return (
    <Badge variant="warning" data-testid="not-synced" title="Saved on this device; sent when the connection allows">
      <CloudUpload aria-hidden="true" size={14} /> Not synced
    </Badge>
  );
}
