import { useCallback, useEffect, type ReactNode } from 'react';
import { getPublicInvoice, type PublicInvoice } from '../api/get-public-invoice';
import { ContactBlock } from '../components/contact-block';
import { Letterhead } from '../components/letterhead';
import { LineItemList } from '../components/line-item-list';
import { MediaViewerProvider } from '../components/media-viewer-context';
import { PageHeader } from '../components/page-header';
import { ErrorState, LoadingState, NotFoundState, OfflineBanner, OfflineState } from '../components/page-states';
import { ServiceList } from '../components/service-list';
import { SummaryRows } from '../components/summary-rows';
import { formatDate, shortId, vehicleName } from '../lib/format';
import { photosInPageOrder } from '../lib/media';
import { useShareData } from '../lib/use-share-data';

export function InvoicePage({ token }: { token: string }) {
  const load = useCallback(() => getPublicInvoice(token), [token]);
  const { state, retry } = useShareData(load);

  useEffect(() => {
    document.title = 'Invoice';
  }, []);

  if (state.status === 'loading') return <LoadingState text="Loading invoice..." />;
  if (state.status === 'not-found')
    return <NotFoundState title="Invoice Not Found" text="The invoice link you're looking for doesn't exist or has expired." shop={state.shop} />;
  if (state.status === 'offline') return <OfflineState onRetry={retry} />;
  if (state.status === 'error') return <ErrorState onRetry={retry} />;
  return <Invoice data={state.data} banner={state.offline ? <OfflineBanner onRetry={retry} /> : null} />;
}

function Invoice({ data, banner }: { data: PublicInvoice; banner: ReactNode }) {
  // The invoice charges the approved services (and the line items): exactly what its totals count.
  const services = (data.inspection?.services ?? []).filter((s) => s.status === 'approved');
  const vehicle = data.vehicle;
  return (
    <MediaViewerProvider photos={photosInPageOrder(data.media, [], services)}>
      <main className="sheet sheet--invoice">
        {banner}
        <Letterhead shop={data.shop} />
        <PageHeader
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
        />

        <section className="card" aria-labelledby="services-heading">
          <h2 id="services-heading">Services</h2>
          {services.length > 0 ? <ServiceList services={services} showStatus={false} media={data.media} /> : null}
          {data.lineItems.length > 0 ? (
            <>
              <h3 className="subheading">Additional Services</h3>
              <LineItemList items={data.lineItems} />
            </>
          ) : null}
          {services.length === 0 && data.lineItems.length === 0 ? <p className="muted">No services on this invoice.</p> : null}
        </section>

        <section className="card" aria-labelledby="summary-heading">
          <h2 id="summary-heading">Invoice Summary</h2>
          <SummaryRows
            testId="invoice-summary"
            rows={[
              { label: 'Subtotal', amount: data.subtotal },
              { label: 'Tax (8%)', amount: data.tax },
              { label: 'Total', amount: data.total, total: true },
            ]}
          />
        </section>

        <p className="thanks">Thank you for your business!</p>

        <ContactBlock shop={data.shop} heading="Contact Information" />

        <div className="actions no-print">
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            Print Invoice
          </button>
        </div>
      </main>
    </MediaViewerProvider>
  );
}
