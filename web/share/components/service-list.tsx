import { useId, useState } from 'react';
import type { ServiceStatus } from '../../../shared/constants';
import type { PublicService } from '../../../shared/schemas/inspection';
import type { Decision } from '../api/decide-inspection-service';
import { formatMoneyCents, toCents } from '../lib/format';
import type { PendingDecision } from '../lib/use-decisions';
import { Badge, type BadgeTone } from './badge';
import { ConfirmDecline, declineQuestion } from './confirm-decline';
import { Facts } from './facts';
import { Money } from './money';

const STATUS_BADGES: Record<ServiceStatus, { label: string; tone: BadgeTone }> = {
  recommended: { label: 'Recommended', tone: 'warning' },
  approved: { label: 'Approved', tone: 'good' },
  declined: { label: 'Declined', tone: 'neutral' },
};

export interface DecisionProps {
  pending: PendingDecision | null;
  onDecide: (serviceId: string, decision: Decision) => void;
  /** Why the buttons cannot be used now (no connection), shown beside them. */
  blockedReason?: string | null;
}

/** Parts plus labor of one service, in cents. */
export const serviceTotalCents = (s: PublicService) => toCents(s.partsCost) + toCents(s.laborCost);

const safeUrl = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

interface ItemProps {
  service: PublicService;
  decisions?: DecisionProps | undefined;
  showStatus: boolean;
  onAskDecline: (service: PublicService) => void;
}

/** One part's price is the service's parts cost: shown once, in the Parts row. */
const priceIsPartsCost = (service: PublicService) =>
  service.parts.length === 1 && toCents(service.parts[0]!.partCost) === toCents(service.partsCost);

function ServiceItem({ service, decisions, showStatus, onAskDecline }: ItemProps) {
  const titleId = useId();
  const reasonId = useId();
  const canDecide = decisions && service.status === 'recommended';
  const blocked = decisions?.blockedReason;
  const busy = (decisions?.pending !== null && decisions?.pending !== undefined) || Boolean(blocked);
  const onePrice = priceIsPartsCost(service);
  const badge = STATUS_BADGES[service.status];
  return (
    <li className="service" data-testid="service" data-status={service.status}>
      <div className="service__head">
        <h3 id={titleId}>{service.description}</h3>
        {showStatus && (service.status !== 'recommended' || !decisions) ? <Badge tone={badge.tone}>{badge.label}</Badge> : null}
      </div>
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
                onClick={() => (decision === 'decline' ? onAskDecline(service) : decisions.onDecide(service.id, decision))}
              >
                {mine ? (decision === 'approve' ? 'Approving...' : 'Declining...') : decision === 'approve' ? 'Approve' : 'Decline'}
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
}: {
  services: PublicService[];
  decisions?: DecisionProps;
  showStatus?: boolean;
}) {
  const [asking, setAsking] = useState<PublicService | null>(null);
  return (
    <>
      <ul className="services">
        {services.map((service) => (
          <ServiceItem key={service.id} service={service} decisions={decisions} showStatus={showStatus} onAskDecline={setAsking} />
        ))}
      </ul>
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
