import { ClipboardPlus, Mail, MapPin, Pencil, Phone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Customer } from '@shared/schemas/customer';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@web/components/ui/collapsible';
import { NotSyncedBadge } from '@web/components/ui/not-synced-badge';
import { StatusBadge } from '@web/components/ui/status-badge';
import { shortId } from '@web/lib/format';
import { useInspectionDialog } from '@web/lib/inspection-dialog-context';
import { useCustomerInspections } from '@web/entities/inspections/get-customer-inspections';
import { CustomerDetails } from './customer-details';
import styles from './customers.module.css';

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((w) => w.charAt(0).toUpperCase())
      .join('') || '?'
  );
}

export interface CustomerCardProps {
  customer: Customer;
  /** Ids of rows with changes not yet on the server. */
  unsent: ReadonlySet<string>;
  onEdit: () => void;
  onDelete: () => void;
}

export function CustomerCard({ customer, unsent, onEdit, onDelete }: CustomerCardProps) {
  const { openInspectionDialog } = useInspectionDialog();
  const [open, setOpen] = useState(false);
  // Loaded when the card is first opened, then kept (and refreshed) from the cache.
  const inspections = useCustomerInspections(customer.id, open);
  const count = inspections.data?.length;
  const pending = inspections.data?.flatMap((i) => i.services).filter((s) => s.status === 'recommended').length;

  return (
    <Card data-testid="customer-card" aria-label={customer.name} role="article" data-expanded={open}>
      <CardHeader
        actions={
          <div className={styles.badges}>
            {unsent.has(customer.id) ? <NotSyncedBadge /> : null}
            <StatusBadge family="customer" status={customer.status} />
          </div>
        }
      >
        <div className={styles.identity}>
          <span className={styles.initials} aria-hidden="true">
            {initialsOf(customer.name)}
          </span>
          <div>
            <CardTitle as="h2">{customer.name}</CardTitle>
            <span className={styles.shortId}>#{shortId(customer.id)}</span>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        <ul className={styles.contact}>
          <li>
            <Mail aria-hidden="true" />
            <span className={styles.oneLine} title={customer.email}>
              {customer.email}
            </span>
          </li>
          <li>
            <Phone aria-hidden="true" />
            <span>{customer.phone}</span>
          </li>
          {customer.address ? (
            <li>
              <MapPin aria-hidden="true" />
              <span>{customer.address}</span>
            </li>
          ) : null}
        </ul>
        <Collapsible open={open} onOpenChange={setOpen}>
          <CollapsibleTrigger>
            Inspections{count === undefined ? '' : ` (${count})`}
            {pending ? ` · ${pending} pending` : ''}
          </CollapsibleTrigger>
          <CollapsibleContent>
            <CustomerDetails
              customer={customer}
              inspections={inspections.data}
              inspectionsFailed={inspections.isError}
              unsent={unsent}
            />
          </CollapsibleContent>
        </Collapsible>
      </CardContent>
      <CardFooter className={styles.actions}>
        <Button onClick={() => openInspectionDialog({ customerId: customer.id })}>
          <ClipboardPlus aria-hidden="true" /> Create Inspection
        </Button>
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${customer.name}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
        <Button variant="ghost" onClick={onDelete} aria-label={`Delete ${customer.name}`}>
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </CardFooter>
    </Card>
  );
}
