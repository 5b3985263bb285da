import { useCallback, useRef, useState } from 'react';
import type { ApprovalBody, Decision } from '../api/decide-service';
import { ShareApiError } from '../api/http';
import { useToaster, type ShowToast } from '../components/toast';
import { OFFLINE_DECISIONS, useShareData, type ShareDataOptions } from './use-share-data';

export interface PendingDecision {
  serviceId: string;
  decision: Decision;
}

const SUCCESS = {
  approve: { title: 'Service approved', description: 'The service has been approved successfully' },
  decline: { title: 'Service declined', description: 'The service has been declined' },
} as const;

const FAILURE_TITLE = {
  approve: "Couldn't approve the service",
  decline: "Couldn't decline the service",
} as const;

/** Why a decision failed, in words for the customer. */
function failureText(err: unknown): string {
  if (err instanceof ShareApiError) {
    if (err.kind === 'offline') return "You're offline - connect to the internet and try again.";
    if (err.kind === 'conflict') return `${err.message}. Reload the page to see the latest status.`;
    if (err.kind === 'not-found') return 'This service or link no longer exists. Reload the page to see the latest.';
    if (err.kind === 'refused') return err.message;
  }
  return 'Something went wrong on our side. Please try again in a moment.';
}

/**
 * Approve and decline: one call at a time, a toast for the outcome, the page data reloaded after
 * a success and left exactly as shown after a failure.
 */
export function useDecisions(
  decide: (serviceId: string, decision: Decision, body?: ApprovalBody) => Promise<unknown>,
  refresh: () => Promise<void>,
  showToast: ShowToast,
) {
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const inFlight = useRef(false);

  const run = useCallback(
    async (serviceId: string, decision: Decision, body?: ApprovalBody) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPending({ serviceId, decision });
      try {
        await decide(serviceId, decision, body);
        showToast({ ...SUCCESS[decision], tone: 'success' });
        await refresh();
      } catch (err) {
        showToast({ title: FAILURE_TITLE[decision], description: failureText(err), tone: 'error' });
        // Refused (the shop now asks for a signature): reload so the page asks next time.
        if (err instanceof ShareApiError && err.kind === 'refused') await refresh().catch(() => undefined);
      } finally {
        inFlight.current = false;
        setPending(null);
      }
    },
    [decide, refresh, showToast],
  );

  return { pending, run };
}

type DecideService = (token: string, serviceId: string, decision: Decision, body?: ApprovalBody) => Promise<unknown>;

/**
 * A page where the customer approves and declines services (the report, the receipt): its data
 * loaded through the link's token, and each decision's outcome in the page's toast. `decisionsFor`
 * gives the service list what it needs for the data shown: the pending call, the signature rule,
 * and why it cannot decide while offline.
 */
export function useDecidingPage<T extends { signatureRequired: boolean }>(
  token: string,
  get: (token: string) => Promise<T>,
  decideService: DecideService,
  options?: ShareDataOptions<T>,
) {
  const load = useCallback(() => get(token), [get, token]);
  const { state, refresh, retry } = useShareData(load, options);
  const toaster = useToaster();
  const decide = useCallback(
    (serviceId: string, decision: Decision, body?: ApprovalBody) => decideService(token, serviceId, decision, body),
    [decideService, token],
  );
  const decisions = useDecisions(decide, refresh, toaster.show);
  const decisionsFor = (data: T, offline: boolean) => ({
    pending: decisions.pending,
    onDecide: (serviceId: string, decision: Decision, body?: ApprovalBody) =>
      void decisions.run(serviceId, decision, body),
    signatureRequired: data.signatureRequired,
    blockedReason: offline ? OFFLINE_DECISIONS : null,
  });
  return { state, retry, toaster, decisionsFor };
}
