import { ExternalLink, Trash2 } from 'lucide-react';
import type { Invoice } from '@shared/schemas/invoice';
import { paths } from '@web/config/paths';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Money } from '@web/components/ui/money';
import { StatusBadge } from '@web/components/ui/status-badge';
import { formatDate, shortId, vehicleName } from '@web/lib/format';
import { SendButton } from '@web/widgets/sends/components/send-button';
import { ShareActivityLine } from '@web/widgets/sends/components/share-activity-line';
import { RenewLinkButton } from '@web/widgets/sends/components/renew-link-button';
import { useRenewInvoiceLink } from '@web/entities/invoices/renew-invoice-link';
import styles from './invoices.module.css';

export interface InvoiceCardProps {
  invoice: Invoice;
  onDelete: () => void;
}

/** One receipt (an invoice in the API): short id, customer, vehicle, date, status and total; open the receipt or delete. */
export function InvoiceCard({ invoice, onDelete }: InvoiceCardProps) {
  const number = `#${shortId(invoice.id)}`;
  const renewLink = useRenewInvoiceLink();
  return (
    <Card data-testid="invoice-card" data-invoice-id={invoice.id} role="article" aria-label={`Receipt ${number}`}>
      <CardHeader actions={<StatusBadge family="invoice" status={invoice.status} />}>
        <CardTitle as="h2" className={styles.number}>
          Receipt {number}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className={styles.facts}>
          <div>
            <dt>Customer</dt>
            <dd data-testid="invoice-customer">{invoice.customer.name}</dd>
          </div>
          <div>
            <dt>Vehicle</dt>
            <dd>{invoice.vehicle ? vehicleName(invoice.vehicle) : 'No vehicle'}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>{formatDate(invoice.createdAt)}</dd>
          </div>
          <div className={styles.totalRow}>
            <dt>Total</dt>
            <dd data-testid="invoice-total">
              <Money amount={invoice.total} />
            </dd>
          </div>
        </dl>
        <ShareActivityLine kind="invoice" id={invoice.id} />
      </CardContent>
      <CardFooter>
        <div className={styles.cardActions}>
          <a
            className={buttonClass('secondary', 'sm')}
            href={paths.receipt(invoice.shareToken)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <ExternalLink aria-hidden="true" /> Open Receipt
          </a>
          <SendButton
            size="sm"
            kind="invoice"
            targetId={invoice.id}
            customer={invoice.customer}
            link={`${window.location.origin}${paths.invoice(invoice.shareToken)}`}
            fill={{
              customerName: invoice.customer.name,
              vehicle: invoice.vehicle ? vehicleName(invoice.vehicle) : null,
              at: invoice.createdAt,
              invoiceLink: `${window.location.origin}${paths.invoice(invoice.shareToken)}`,
              inspectionLink: invoice.inspection
                ? `${window.location.origin}${paths.report(invoice.inspection.shareToken)}`
                : undefined,
            }}
          />
          <RenewLinkButton size="sm" kind="invoice" renew={() => renewLink.mutateAsync(invoice.id)} />
          <Button variant="ghost" size="sm" onClick={onDelete}>
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </div>
      </CardFooter>
    </Card>
  );
}
