import { CloudUpload } from 'lucide-react';

/**
 * Stands in for a link that needs the server's share token (a report, a receipt) while the row is
 * saved on this device only: disabled, and saying when it will work.
 */
export function AvailableAfterSync({ className }: { className?: string }) {
  return (
    <span
      role="link"
      aria-disabled="true"
      className={className}
      title="The link is made when this device has sent the inspection to the server"
      data-testid="available-after-sync"
    >
      <CloudUpload aria-hidden="true" /> Available after sync
    </span>
  );
}
