import { useMemo, type ReactNode } from 'react';
import type { InspectionStatus } from '@shared/constants';
import { decideInspectionService } from '../api/decide-service';
import { getPublicInspection, type PublicInspection } from '../api/get-public-inspection';
import { BackToTop } from '../components/back-to-top';
import type { BadgeTone } from '../components/badge';
import { ContactBlock } from '../components/contact-block';
import { GROUP_ITEMS, InspectionFindings } from '../components/inspection-findings';
import { NotesList } from '../components/notes-list';
import { ServiceList, type DecisionProps } from '../components/service-list';
import { ShareFrame, ShareSheet } from '../components/share-frame';
import { StatusBanner } from '../components/status-banner';
import { SummaryRows } from '../components/summary-rows';
import { formatDate, shortId, vehicleName } from '../lib/format';
import { photosInPageOrder } from '../lib/media';
import { useDecidingPage } from '../lib/use-decisions';

const BANNERS: Record<InspectionStatus, { badge: string; text: string; tone: BadgeTone }> = {
  in_progress: { badge: 'Live', text: 'Inspection in progress - Updates will appear in real-time', tone: 'info' },
  completed: {
    badge: 'Complete',
    text: 'Inspection completed - Please review and approve services below',
    tone: 'good',
  },
  approved: {
    badge: 'Approved',
    text: 'Services approved - Thank you! We will be in touch to schedule the work',
    tone: 'good',
  },
  declined: { badge: 'Declined', text: 'Services declined - Contact us if you have any questions', tone: 'neutral' },
};

// A live inspection refreshes while the customer watches, so 'real-time' holds.
const LIVE_REFRESH_MS = 15_000;

export function ReportPage({ token }: { token: string }) {
  const { state, retry, toaster, decisionsFor } = useDecidingPage(token, getPublicInspection, decideInspectionService, {
    pollMs: (data) => (data.status === 'in_progress' ? LIVE_REFRESH_MS : null),
  });
  return (
    <ShareFrame page="report" state={state} retry={retry} toaster={toaster}>
      {(data, { banner, offline }) => <Report data={data} banner={banner} decisions={decisionsFor(data, offline)} />}
    </ShareFrame>
  );
}

function Report({ data, decisions, banner }: { data: PublicInspection; decisions: DecisionProps; banner: ReactNode }) {
  const notes = [...(data.notes ? [{ id: 'inspection-notes', note: data.notes }] : []), ...data.inspectionNotes];
  const media = data.media;
  const photos = useMemo(
    () => photosInPageOrder(media, Object.values(GROUP_ITEMS).flat(), data.services),
    [media, data.services],
  );
  return (
    <ShareSheet
      photos={photos}
      banner={banner}
      shop={data.shop}
      title="Vehicle Inspection Report"
      number={`Inspection #${shortId(data.id)}`}
      facts={[
        { label: 'Customer', value: data.customer.name },
        { label: 'Vehicle', value: vehicleName(data.vehicle) },
        ...(data.vehicle.licensePlate
          ? [{ label: 'License plate', value: <span className="code">{data.vehicle.licensePlate}</span> }]
          : []),
        { label: 'Date', value: formatDate(data.createdAt) },
        ...(data.technician ? [{ label: 'Technician', value: data.technician.username }] : []),
      ]}
      status={<StatusBanner {...BANNERS[data.status]} />}
    >
      <section className="card" aria-labelledby="results-heading">
        <h2 id="results-heading">Inspection Results</h2>
        <InspectionFindings inspection={data} media={media} />
      </section>

      <section className="card" aria-labelledby="notes-heading">
        <h2 id="notes-heading">Technician Notes</h2>
        <NotesList notes={notes} empty="No notes from the technician." />
      </section>

      <section className="card" aria-labelledby="services-heading">
        <h2 id="services-heading">Recommended Services</h2>
        {data.services.length > 0 ? (
          <ServiceList services={data.services} decisions={decisions} media={media} />
        ) : (
          <p className="muted">No services recommended at this time.</p>
        )}
      </section>

      <section className="card" aria-labelledby="estimate-heading">
        <h2 id="estimate-heading">Estimated Total</h2>
        <p className="muted">For the services awaiting your approval.</p>
        <SummaryRows
          testId="estimate"
          rows={[
            { label: 'Subtotal', amount: data.estimate.subtotal },
            { label: 'Tax (8.5%)', amount: data.estimate.tax },
            { label: 'Estimated Total', amount: data.estimate.total, total: true },
          ]}
        />
      </section>

      <ContactBlock shop={data.shop} heading="Questions? Contact Your Technician" />

      <p className="footnote">This report is valid for 30 days from the inspection date.</p>
      <BackToTop />
    </ShareSheet>
  );
}
