import type { ErrorCode, ErrorReason, GoneEntity } from '@shared/errors';

/** Fields of the error body a client reads instead of the message. */
export interface ErrorDetails {
  gone?: GoneEntity;
  reason?: ErrorReason;
  /** Sent as the `Retry-After` header (a 429). */
  retryAfterSeconds?: number;
}

/** An error with an HTTP status that the error handler sends as `{ error, message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, issues?: { path: string; message: string }[]) =>
  new HttpError(400, issues ? 'validation_error' : 'bad_request', message, issues);
export const unauthorized = (message = 'You need to sign in') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, reason?: ErrorReason) =>
  new HttpError(409, 'conflict', message, undefined, reason ? { reason } : undefined);
export const gone = (message: string, what?: GoneEntity) =>
  new HttpError(410, 'gone', message, undefined, what ? { gone: what } : undefined);
export const tooManyRequests = (message: string) => new HttpError(429, 'too_many_requests', message);
