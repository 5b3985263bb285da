import { IDEMPOTENT_REPLAY_HEADER } from '@shared/schemas/sync';

// One HTTP exchange of the sync loop, and what the loop should make of its answer.

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export type Reply =
  /** No answer: offline, DNS, reset connection, or our own timeout. */
  | { kind: 'network'; message: string }
  | { kind: 'http'; status: number; body: unknown; message: string; replayed: boolean };

export interface SendOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  idempotencyKey?: string;
  timeoutMs: number;
}

export const NO_CONNECTION_MESSAGE = 'No connection to the server';

function messageOf(status: number, statusText: string, body: unknown, text: string): string {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return `${status}: ${text || statusText}`;
}

/** Sends one request; never throws (a failure is a `network` reply). */
export async function send(fetchFn: FetchLike, url: string, options: SendOptions): Promise<Reply> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const response = await fetchFn(url, {
      method: options.method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return {
      kind: 'http',
      status: response.status,
      body,
      message: messageOf(response.status, response.statusText, body, text),
      replayed: response.headers.get(IDEMPOTENT_REPLAY_HEADER) === 'true',
    };
  } catch {
    return {
      kind: 'network',
      message: controller.signal.aborted ? 'The server took too long to answer' : NO_CONNECTION_MESSAGE,
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What to do with an entry after its reply (docs/offline-sync.md, "Failures"): `ok` remove it; `retry`
 * keep it and back off; `sign-in` pause until the user signs in again; `gone` the row was deleted
 * elsewhere; `attention` the server refused this change, the user decides.
 */
export type Verdict = 'ok' | 'retry' | 'sign-in' | 'gone' | 'attention';

/** A field of an error body (`gone`, `reason`), read as the API documents it; never its message. */
export function errorField(body: unknown, field: 'gone' | 'reason'): string | null {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value : null;
}

export function verdictOf(reply: Reply): Verdict {
  if (reply.kind === 'network') return 'retry';
  const { status } = reply;
  if (status >= 200 && status < 300) return 'ok';
  if (status === 401) return 'sign-in';
  if (status === 410) return 'gone';
  // A send over the user's or the shop's limit is a refusal the user sees, not a busy server: it
  // waits in the sync panel for them (retry later or discard) and holds nothing else back.
  if (status === 429 && errorField(reply.body, 'reason') === 'send_limit') return 'attention';
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
  // The idempotency store's 409 while the same key is still running: not a refusal.
  if (status === 409 && errorField(reply.body, 'reason') === 'in_flight') return 'retry';
  if (status >= 400) return 'attention';
  // A redirect or informational answer is not an answer to this change: try again later.
  return 'retry';
}

/** Delay before the next try after `failures` failures in a row: exponential, with jitter, capped. */
export function backoffDelay(failures: number, random: () => number, capMs = 60_000): number {
  const base = Math.min(capMs, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base / 2 + (random() * base) / 2);
}
