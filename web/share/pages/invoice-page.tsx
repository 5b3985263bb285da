import { useCallback, type ReactNode } from 'react';
import { getPublicInvoice, type PublicInvoice } from '../api/get-public-invoice';
import { ContactBlock } from '../components/contact-block';
import { LineItemList } from '../components/line-item-list';
import { ServiceList } from '../components/service-list';
import { ShareFrame, ShareSheet } from '../components/share-frame';
import { invoiceTotals, SummaryRows } from '../components/summary-rows';
import { formatDate, shortId, vehicleName } from '../lib/format';
import { photosInPageOrder } from '../lib/media';
import { useShareData } from '../lib/use-share-data';

export function InvoicePage({ token }: { token: string }) {
  const load = useCallback(() => getPublicInvoice(token), [token]);
  const { state, retry } = useShareData(load);
  return (
    <ShareFrame page="invoice" state={state} retry={retry}>
      {(data, { banner }) => <Invoice data={data} banner={banner} />}
    </ShareFrame>
  );
}

function Invoice({ data, banner }: { data: PublicInvoice; banner: ReactNode }) {
  // The invoice charges the approved services (and the line items): exactly what its totals count.
  const services = (data.inspection?.services ?? []).filter((s) => s.status === 'approved');
  const vehicle = data.vehicle;
  return (
    <ShareSheet
      photos={photosInPageOrder(data.media, [], services)}
      banner={banner}
      shop={data.shop}
      className="sheet sheet--invoice"
      title="Invoice"
      number={`Invoice #${shortId(data.id)}`}
      facts={[
        { label: 'Customer', value: data.customer.name },
        { label: 'Email', value: data.customer.email },
        { label: 'Phone', value: data.customer.phone },
        ...(vehicle ? [{ label: 'Vehicle', value: vehicleName(vehicle) }] : []),
        ...(vehicle?.vin ? [{ label: 'VIN', value: <span className="code">{vehicle.vin}</span> }] : []),
        { label: 'Date', value: formatDate(data.createdAt) },
      ]}
    >
      <section className="card" aria-labelledby="services-heading">
        <h2 id="services-heading">Services</h2>
        {services.length > 0 ? <ServiceList services={services} showStatus={false} media={data.media} /> : null}
        {data.lineItems.length > 0 ? (
          <>
            <h3 className="subheading">Additional Services</h3>
            <LineItemList items={data.lineItems} />
          </>
        ) : null}
        {services.length === 0 && data.lineItems.length === 0 ? (
          <p className="muted">No services on this invoice.</p>
        ) : null}
      </section>

      <section className="card" aria-labelledby="summary-heading">
        <h2 id="summary-heading">Invoice Summary</h2>
        <SummaryRows testId="invoice-summary" rows={invoiceTotals(data.subtotal, data.tax, data.total)} />
      </section>

      <p className="thanks">Thank you for your business!</p>

      <ContactBlock shop={data.shop} heading="Contact Information" />

      <div className="actions no-print">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Print Invoice
        </button>
      </div>
    </ShareSheet>
  );
}
