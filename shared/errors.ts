/** What a 410 says was deleted, so a client never has to read the message's wording. */
export const GONE_ENTITIES = ['customer', 'vehicle', 'inspection', 'service', 'deferred', 'media'] as const;
export type GoneEntity = (typeof GONE_ENTITIES)[number];

/**
 * Why a refusal happened, for the client to branch on: `in_flight` is a 409 for an `Idempotency-Key`
 * still running; `price_changed` a 409 for an approval of a price the customer was not shown;
 * `send_limit` a 429 for a send over the user's or the shop's sending limit (a queued send waits for
 * the user instead of being retried); `link_expired` a share page's 404 for a link past the shop's
 * lifetime.
 */
export const ERROR_REASONS = ['in_flight', 'price_changed', 'send_limit', 'link_expired'] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** The JSON body of every error response from the API. */
export interface ApiErrorBody {
  error: ErrorCode;
  message: string;
  issues?: { path: string; message: string }[];
  /** On a 410: which row was deleted (the changed row itself, or one it points at). */
  gone?: GoneEntity;
  /** A refusal's machine-readable reason, where a client treats it differently from its status alone. */
  reason?: ErrorReason;
}

export type ErrorCode =
  | 'bad_request'
  | 'validation_error'
  | 'invalid_json'
  | 'unsupported_media_type'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'payload_too_large'
  | 'unprocessable'
  | 'too_many_requests'
  | 'internal_error';
