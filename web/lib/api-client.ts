// The staff app's one door to the API. Feature `api/` files call these; components never fetch.

import { newRowId } from '@shared/ids';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/common';

/** A non-successful response: the message is "<status>: <body text or status text>", the text the error toasts show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's human message, when it sent the JSON error shape. */
    readonly serverMessage: string | undefined,
    /** Per-field messages of a 400 validation error. */
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ListResult<T> {
  items: T[];
  total: number;
  /** The next page's cursor (`after=`), when the list pages by cursor and more rows follow. */
  next?: string | undefined;
}

type Query = Record<string, string | number | boolean | undefined | null>;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let serverMessage: string | undefined;
  let issues: { path: string; message: string }[] = [];
  try {
    const body = JSON.parse(text) as { message?: unknown; issues?: unknown };
    if (typeof body.message === 'string') serverMessage = body.message;
    if (Array.isArray(body.issues)) issues = body.issues as typeof issues;
  } catch {
    // Not JSON: the message keeps the raw text.
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, serverMessage, issues);
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** For writes; one is made when not given, so a retry of the same call can reuse it. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (WRITE_METHODS.has(method)) headers['Idempotency-Key'] = options.idempotencyKey ?? newRowId();
  const response = await fetch(withQuery(path, options.query), {
    method,
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await errorFrom(response);
  return response;
}

async function json<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: async <T>(path: string, options?: RequestOptions) => json<T>(await send('GET', path, options)),
  post: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
    json<T>(await send('POST', path, { ...options, body })),
  put: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
    json<T>(await send('PUT', path, { ...options, body })),
  patch: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
    json<T>(await send('PATCH', path, { ...options, body })),
  delete: async (path: string, options?: RequestOptions) => {
    await send('DELETE', path, options);
  },
  /** A page of a list endpoint, with its X-Total-Count and, where it pages by cursor, the next page's. */
  list: async <T>(path: string, query: Query, options?: RequestOptions): Promise<ListResult<T>> => {
    const response = await send('GET', path, { ...options, query });
    const items = await json<T[]>(response);
    const total = Number(response.headers.get('X-Total-Count') ?? items.length);
    return { items, total, next: response.headers.get(NEXT_CURSOR_HEADER) ?? undefined };
  },
};

/**
 * The id a create sends, made on the client so a retried create never makes a second row; time-ordered
 * (`newRowId`), so the rows a tablet makes land next to each other in the server's indexes.
 */
export const newClientId = (): string => newRowId();
