// The share pages' only door to the network: components call the fetchers in this folder.
import { SHARE_REFRESH_HEADER } from '@shared/constants';
import type { ShopContact } from '@shared/schemas/inspection';

export type ApiErrorKind = 'not-found' | 'offline' | 'conflict' | 'refused' | 'server';

/** A failed call, sorted by what the page should say about it. */
export class ShareApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status = 0,
    /** On a dead link's 404: whom the customer can call instead. */
    readonly shop: ShopContact | null = null,
    /** The link outlived the shop's lifetime for links (not unknown or renewed). */
    readonly expired = false,
  ) {
    super(message);
    this.name = 'ShareApiError';
  }
}

export const OFFLINE_MESSAGE = "You're offline - connect to the internet to view this page.";
/** On a page loaded before the connection dropped: it stays readable, decisions wait. */
export const OFFLINE_ACTIONS_MESSAGE =
  "You're offline. This is the page as last loaded; approving and declining need a connection.";

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function errorFrom(response: Response): Promise<ShareApiError> {
  let message = response.statusText || `Request failed (${response.status})`;
  let shop: ShopContact | null = null;
  let reason: string | null = null;
  try {
    const body = (await response.json()) as { message?: unknown; shop?: ShopContact; reason?: unknown };
    if (typeof body.message === 'string' && body.message) message = body.message;
    reason = typeof body.reason === 'string' ? body.reason : null;
    if (body.shop && typeof body.shop === 'object') shop = body.shop;
  } catch {
    // Not JSON (a proxy's error page): keep the status text.
  }
  if (response.status === 404 || response.status === 410)
    return new ShareApiError('not-found', message, response.status, shop, reason === 'link_expired');
  // The request itself was refused (an approval without the signature the shop asks for, or of a
  // price that changed since the page loaded): the page reloads and the message says why.
  if (response.status === 400 || reason === 'price_changed')
    return new ShareApiError('refused', message, response.status);
  if (response.status === 409) return new ShareApiError('conflict', message, response.status);
  return new ShareApiError('server', message, response.status);
}

declare global {
  interface Window {
    /** The first data call, started by share.html before this code arrived. */
    __shareFirstLoad?: { url: string; response: Promise<Response> };
  }
}

/** The call share.html already started for this URL, used once; later loads fetch afresh. */
function takeFirstLoad(method: string, url: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__shareFirstLoad;
  if (!early || method !== 'GET' || early.url !== url) return undefined;
  window.__shareFirstLoad = undefined;
  opened = true;
  return early.response;
}

/**
 * Whether the page's opening load has gone: it counts as the customer's view (with the staff
 * session when there is one, so a preview is not counted); reloads after it (polling, focus, after
 * a decision) say so in `X-Share-Refresh` and count nothing.
 */
let opened = false;

function requestInit(method: 'GET' | 'PUT', body: unknown): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const opening = method === 'GET' && !opened;
  if (method === 'GET' && opened) headers[SHARE_REFRESH_HEADER] = '1';
  if (opening) opened = true;
  return {
    method,
    cache: 'no-store',
    credentials: opening ? 'same-origin' : 'omit',
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** Sends one call (with a JSON body when given); never served from a cache, never retried. */
export async function request<T>(method: 'GET' | 'PUT', url: string, body?: unknown): Promise<T> {
  if (isOffline()) throw new ShareApiError('offline', OFFLINE_MESSAGE);
  let response: Response;
  try {
    response = await (takeFirstLoad(method, url) ?? fetch(url, requestInit(method, body)));
  } catch {
    // fetch only rejects when no answer came back at all.
    throw new ShareApiError('offline', OFFLINE_MESSAGE);
  }
  if (!response.ok) throw await errorFrom(response);
  return (await response.json()) as T;
}

/** A path segment for a token or id taken from the address bar. */
export const segment = (value: string): string => encodeURIComponent(value);
