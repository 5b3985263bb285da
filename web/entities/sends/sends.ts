import { useQuery } from '@tanstack/react-query';
import type { CreateSendBody, ShareActivity, ShareSend, UnviewedSends } from '@shared/schemas/send';
import { api, ApiError } from '@web/lib/api-client';
import { saveLocally } from '@web/offline/local-queries-source';
import { sendKeys, type SendTargetKind } from './send-keys';

const base = (kind: SendTargetKind, id: string) =>
  `/api/${kind === 'inspection' ? 'inspections' : 'invoices'}/${id}/sends`;

/** GET …/sends: the latest sends, the customer's views and the latest decision. */
export function useShareActivity(kind: SendTargetKind, id: string) {
  return useQuery({
    queryKey: sendKeys.activity(kind, id),
    queryFn: ({ signal }) => api.get<ShareActivity>(base(kind, id), { signal }),
    // Views and decisions come from the customer's phone: look again now and then.
    refetchInterval: 60_000,
  });
}

export function useUnviewedSends() {
  return useQuery({
    queryKey: sendKeys.unviewed(),
    queryFn: ({ signal }) => api.get<UnviewedSends>('/api/dashboard/unviewed-sends', { signal }),
    refetchInterval: 60_000,
  });
}

export type SendOutcome = { queued: false; send: ShareSend } | { queued: true };

/** No answer at all (offline, connection dropped): an ApiError means the server did answer. */
const noAnswer = (err: unknown) => !(err instanceof ApiError);

/**
 * Records a send. Online it goes straight to the server (an email is sent there and its result
 * comes back). Without a connection an inspection's send waits in the outbox under the same id,
 * so a request that reached the server before the connection dropped is never sent twice.
 */
export async function recordSend(
  kind: SendTargetKind,
  id: string,
  body: CreateSendBody,
  label: string,
): Promise<SendOutcome> {
  if (navigator.onLine) {
    try {
      return { queued: false, send: await api.post<ShareSend>(base(kind, id), body, { idempotencyKey: body.id }) };
    } catch (err) {
      if (kind === 'invoice' || !noAnswer(err)) throw err;
    }
  } else if (kind === 'invoice') {
    throw new Error('Sending a receipt needs a connection.');
  }
  await saveLocally({ kind: 'share.send', inspectionId: id, body }, label);
  return { queued: true };
}
