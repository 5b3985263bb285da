import { lazy, Suspense, useId, useState } from 'react';
import type { ServiceStatus } from '@shared/constants';
import type { PublicService } from '@shared/schemas/inspection';
import type { ApprovalBody, Decision } from '../api/decide-service';
import { formatCents } from '@shared/money';
import { formatMoneyCents, toCents } from '../lib/format';
import { mediaOfService, type PublicMedia } from '../lib/media';
import type { PendingDecision } from '../lib/use-decisions';
import { Badge, type BadgeTone } from './badge';
import { ConfirmDecline, declineQuestion, midSentence } from './confirm-decline';
import { Facts } from './facts';
import { MediaStrip } from './media-strip';
import { Money } from './money';

const STATUS_BADGES: Record<ServiceStatus, { label: string; tone: BadgeTone }> = {
  recommended: { label: 'Recommended', tone: 'warning' },
  approved: { label: 'Approved', tone: 'good' },
  declined: { label: 'Declined', tone: 'neutral' },
};

// Only fetched when an approval has to be signed: the report's first load does not carry it.
const SignatureDialog = lazy(() => import('./signature-dialog'));

export interface DecisionProps {
  pending: PendingDecision | null;
  onDecide: (serviceId: string, decision: Decision, body?: ApprovalBody) => void;
  /** The shop asks for a typed name or a drawn signature before this page's next approval. */
  signatureRequired?: boolean;
  /** Why the buttons cannot be used now (no connection), shown beside them. */
  blockedReason?: string | null;
}

/** Parts plus labor of one service, in cents. */
export const serviceTotalCents = (s: PublicService) => toCents(s.partsCost) + toCents(s.laborCost);

const safeUrl = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

interface ItemProps {
  service: PublicService;
  media: readonly PublicMedia[];
  decisions?: DecisionProps | undefined;
  showStatus: boolean;
  onAskDecline: (service: PublicService) => void;
  onApprove: (service: PublicService) => void;
}

/** An approved service changed since: the customer decides again. */
const awaitsReapproval = (service: PublicService) => service.status === 'approved' && service.needsReapproval;

/** One part's price is the service's parts cost: shown once, in the Parts row. */
const priceIsPartsCost = (service: PublicService) =>
  service.parts.length === 1 && toCents(service.parts[0]!.partCost) === toCents(service.partsCost);

function ServiceItem({ service, media, decisions, showStatus, onAskDecline, onApprove }: ItemProps) {
  const titleId = useId();
  const reasonId = useId();
  const reapproval = awaitsReapproval(service);
  const canDecide = decisions && (service.status === 'recommended' || reapproval);
  const blocked = decisions?.blockedReason;
  const busy = (decisions?.pending !== null && decisions?.pending !== undefined) || Boolean(blocked);
  const onePrice = priceIsPartsCost(service);
  const badge = reapproval ? { label: 'Needs re-approval', tone: 'warning' as const } : STATUS_BADGES[service.status];
  return (
    <li className="service" data-testid="service" data-status={service.status}>
      <div className="service__head">
        <h3 id={titleId}>{service.description}</h3>
        {(showStatus && (service.status !== 'recommended' || !decisions)) || reapproval ? (
          <Badge tone={badge.tone}>{badge.label}</Badge>
        ) : null}
      </div>
      {reapproval && service.approvedAmount ? (
        <p className="service__reapproval" data-testid="reapproval">
          Changed since you approved it: was {formatMoneyCents(toCents(service.approvedAmount))}, now{' '}
          {formatMoneyCents(serviceTotalCents(service))}.
        </p>
      ) : null}
      {service.parts.length > 0 ? (
        <ul className="parts" aria-label="Parts">
          {service.parts.map((part) => {
            const url = safeUrl(part.partUrl);
            return (
              <li key={part.id}>
                {url ? (
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    {part.partName}
                  </a>
                ) : (
                  <span>{part.partName}</span>
                )}
                {onePrice ? null : <Money amount={part.partCost} />}
              </li>
            );
          })}
        </ul>
      ) : null}
      <Facts
        className="facts--money"
        items={[
          { label: 'Parts', value: <Money amount={service.partsCost} /> },
          { label: 'Labor', value: <Money amount={service.laborCost} /> },
          { label: 'Total', value: <strong className="num">{formatMoneyCents(serviceTotalCents(service))}</strong> },
        ]}
      />
      <MediaStrip media={mediaOfService(media, service.id)} owner={service.description} />
      {canDecide ? (
        <div className="service__actions no-print">
          {(['decline', 'approve'] as const).map((decision) => {
            const mine = decisions.pending?.serviceId === service.id && decisions.pending.decision === decision;
            return (
              <button
                key={decision}
                type="button"
                className={`button ${decision === 'approve' ? 'button--primary' : 'button--secondary'}`}
                aria-describedby={blocked ? `${titleId} ${reasonId}` : titleId}
                disabled={busy}
                aria-busy={mine || undefined}
                onClick={() => (decision === 'decline' ? onAskDecline(service) : onApprove(service))}
              >
                {mine
                  ? decision === 'approve'
                    ? 'Approving...'
                    : 'Declining...'
                  : decision === 'approve'
                    ? reapproval
                      ? 'Approve again'
                      : 'Approve'
                    : 'Decline'}
              </button>
            );
          })}
          {blocked ? (
            <p className="service__blocked" id={reasonId}>
              {blocked}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Services with parts, labor and total; recommended ones get approve and decline when allowed. */
export function ServiceList({
  services,
  decisions,
  showStatus = true,
  media = [],
}: {
  services: PublicService[];
  decisions?: DecisionProps;
  showStatus?: boolean;
  /** Photos and videos of these services (others are ignored). */
  media?: readonly PublicMedia[];
}) {
  const [asking, setAsking] = useState<PublicService | null>(null);
  const [signing, setSigning] = useState<PublicService | null>(null);
  // Approving stays one tap unless the shop asks for a signature.
  // The amount the customer sees goes with the approval: a price changed since is refused, not approved.
  const shown = (service: PublicService) => ({ shownAmount: formatCents(serviceTotalCents(service)) });
  const approve = (service: PublicService) =>
    decisions?.signatureRequired ? setSigning(service) : decisions?.onDecide(service.id, 'approve', shown(service));
  return (
    <>
      <ul className="services">
        {services.map((service) => (
          <ServiceItem
            key={service.id}
            service={service}
            media={media}
            decisions={decisions}
            showStatus={showStatus}
            onAskDecline={setAsking}
            onApprove={approve}
          />
        ))}
      </ul>
      {signing && decisions ? (
        <Suspense fallback={null}>
          <SignatureDialog
            question={`Approve ${midSentence(signing.description)} (${formatMoneyCents(serviceTotalCents(signing))})?`}
            onCancel={() => setSigning(null)}
            onConfirm={(signed) => {
              setSigning(null);
              decisions.onDecide(signing.id, 'approve', { ...signed, ...shown(signing) });
            }}
          />
        </Suspense>
      ) : null}
      {asking && decisions ? (
        <ConfirmDecline
          question={declineQuestion(asking, serviceTotalCents(asking))}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            decisions.onDecide(asking.id, 'decline');
          }}
        />
      ) : null}
    </>
  );
}
