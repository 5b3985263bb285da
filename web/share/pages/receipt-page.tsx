import type { ReactNode } from 'react';
import type { InvoiceStatus } from '@shared/constants';
import { decideInvoiceService } from '../api/decide-service';
import { getPublicInvoice, type PublicInvoice } from '../api/get-public-invoice';
import type { BadgeTone } from '../components/badge';
import { Collapsible } from '../components/collapsible';
import { ContactBlock } from '../components/contact-block';
import { Facts } from '../components/facts';
import { GROUP_ITEMS, InspectionFindings } from '../components/inspection-findings';
import { photosInPageOrder } from '../lib/media';
import { LineItemList } from '../components/line-item-list';
import { NotesList } from '../components/notes-list';
import { ServiceList, type DecisionProps } from '../components/service-list';
import { ShareFrame, ShareSheet } from '../components/share-frame';
import { StatusBanner } from '../components/status-banner';
import { invoiceTotals, SummaryRows } from '../components/summary-rows';
import { formatDate, shortId, toCents, vehicleName } from '../lib/format';
import { useDecidingPage } from '../lib/use-decisions';

const BANNERS: Record<InvoiceStatus, { badge: string; text: string; tone: BadgeTone }> = {
  draft: { badge: 'Draft', text: 'Invoice draft', tone: 'neutral' },
  sent: { badge: 'Sent', text: 'Invoice sent - Payment pending', tone: 'warning' },
  paid: { badge: 'Paid', text: 'Payment received - Thank you for your business!', tone: 'good' },
};

export function ReceiptPage({ token }: { token: string }) {
  const { state, retry, toaster, decisionsFor } = useDecidingPage(token, getPublicInvoice, decideInvoiceService);
  return (
    <ShareFrame page="receipt" state={state} retry={retry} toaster={toaster}>
      {(data, { banner, offline }) => <Receipt data={data} banner={banner} decisions={decisionsFor(data, offline)} />}
    </ShareFrame>
  );
}

function Receipt({ data, decisions, banner }: { data: PublicInvoice; decisions: DecisionProps; banner: ReactNode }) {
  const { inspection, vehicle, receipt } = data;
  const notes = inspection
    ? [...(inspection.notes ? [{ id: 'inspection-notes', note: inspection.notes }] : []), ...inspection.inspectionNotes]
    : [];
  const photos = photosInPageOrder(data.media, Object.values(GROUP_ITEMS).flat(), inspection?.services ?? []);
  return (
    <ShareSheet
      photos={photos}
      banner={banner}
      shop={data.shop}
      showProduct
      title="Receipt"
      number={`Receipt #${shortId(data.id)}`}
      facts={[
        { label: 'Customer', value: data.customer.name },
        ...(vehicle ? [{ label: 'Vehicle', value: vehicleName(vehicle) }] : []),
        ...(vehicle?.licensePlate
          ? [{ label: 'License plate', value: <span className="code">{vehicle.licensePlate}</span> }]
          : []),
        { label: 'Date', value: formatDate(data.createdAt) },
      ]}
      status={<StatusBanner {...BANNERS[data.status]} />}
    >
      {inspection ? (
        <Collapsible title="Inspection Details">
          <Facts items={[{ label: 'Technician', value: inspection.technician?.username ?? 'N/A' }]} />
          <InspectionFindings inspection={inspection} media={data.media} />
          <div className="findings__group">
            <h3>Inspection Notes</h3>
            <NotesList notes={notes} empty="No inspection notes." />
          </div>
        </Collapsible>
      ) : (
        <section className="card" aria-labelledby="details-heading">
          <h2 id="details-heading">Inspection Details</h2>
          <p className="muted">No inspection details available for this invoice.</p>
        </section>
      )}

      {inspection ? (
        <Collapsible title="Recommended Services" defaultOpen>
          {inspection.services.length > 0 ? (
            <ServiceList services={inspection.services} decisions={decisions} media={data.media} />
          ) : (
            <p className="muted">No recommended services.</p>
          )}
        </Collapsible>
      ) : null}

      {data.lineItems.length > 0 ? (
        <section className="card" aria-labelledby="additional-heading">
          <h2 id="additional-heading">Additional Services</h2>
          <LineItemList items={data.lineItems} />
        </section>
      ) : null}

      {data.notes ? (
        <section className="card" aria-labelledby="receipt-notes-heading">
          <h2 id="receipt-notes-heading">Notes</h2>
          <p className="pre-line">{data.notes}</p>
        </section>
      ) : null}

      <section className="card" aria-labelledby="totals-heading">
        <h2 id="totals-heading">Total</h2>
        <SummaryRows
          testId="receipt-totals"
          rows={invoiceTotals(receipt.approvedSubtotal, receipt.approvedTax, receipt.approvedTotal)}
        />
        {toCents(receipt.pendingAmount) > 0 ? (
          <div className="pending" data-testid="pending-block">
            <h3>If all pending services are approved</h3>
            <SummaryRows
              testId="if-all-approved"
              rows={[
                { label: 'Pending services', amount: receipt.pendingAmount },
                { label: 'Subtotal', amount: receipt.ifAllApprovedSubtotal },
                { label: 'Tax (8%)', amount: receipt.ifAllApprovedTax },
                { label: 'Estimated Total', amount: receipt.ifAllApprovedTotal, total: true },
              ]}
            />
          </div>
        ) : null}
      </section>

      <p className="thanks">Thank you for your business!</p>
      <ContactBlock shop={data.shop} heading="Contact Information" />
    </ShareSheet>
  );
}
