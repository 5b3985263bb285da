import { humanize } from '@web/lib/format';
import { Badge, type BadgeVariant } from './badge';

export type StatusFamily = 'inspection' | 'service' | 'invoice' | 'customer' | 'template' | 'user';

/** One mapping per status family; anything unmapped is outlined. */
const VARIANTS: Record<StatusFamily, Record<string, BadgeVariant>> = {
  // Inspections as on the dashboard: completed default, approved secondary, others outline.
  inspection: { completed: 'default', approved: 'secondary' },
  service: { recommended: 'warning', approved: 'success', declined: 'destructive' },
  invoice: { draft: 'outline', sent: 'info', paid: 'success' },
  customer: { active: 'success', inactive: 'secondary' },
  template: { active: 'success', draft: 'outline' },
  user: { active: 'success' },
};

export interface StatusBadgeProps {
  family: StatusFamily;
  status: string;
  className?: string;
}

/** A status as a badge, capitalised like every badge ('Active', 'In progress', 'Not synced'). */
export function StatusBadge({ family, status, className }: StatusBadgeProps) {
  return (
    <Badge variant={VARIANTS[family][status] ?? 'outline'} data-status={status} {...(className ? { className } : {})}>
      {humanize(status)}
    </Badge>
  );
}
