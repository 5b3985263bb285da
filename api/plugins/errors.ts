import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@shared/errors';
import { HttpError } from '@api/lib/http-error';

const PART_NAMES: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'URL',
  headers: 'headers',
};

// Fastify's own client errors, mapped to our codes; anything else with a 4xx keeps its status.
const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_json',
    message: 'The request body is empty but its content type is JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: 'The Content-Length header does not match the body',
  },
};

/** What a bug is answered with (it is logged): nothing of the failure itself. */
const INTERNAL_ERROR: ApiErrorBody = {
  error: 'internal_error',
  message: 'Something went wrong on our side. Please try again.',
};

/** The error code of a 4xx status (`bad_request` for those without one of their own). */
export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'too_many_requests';
  return 'bad_request';
}

/** The body an HttpError is answered with (also what an idempotent retry gets back). */
export function httpErrorBody(error: HttpError): ApiErrorBody {
  const body: ApiErrorBody = { error: error.code, message: error.message };
  if (error.issues) body.issues = error.issues;
  if (error.details?.gone) body.gone = error.details.gone;
  if (error.details?.reason) body.reason = error.details.reason;
  return body;
}

/** The one error handler: every failure leaves as `{ error, message }` JSON, never internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ApiErrorBody;
    if (error instanceof HttpError) {
      status = error.statusCode;
      body = httpErrorBody(error);
      if (error.details?.retryAfterSeconds) reply.header('Retry-After', String(error.details.retryAfterSeconds));
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      const part = PART_NAMES[error.validationContext ?? 'body'] ?? 'request';
      const first = issues[0];
      body = {
        error: 'validation_error',
        message: first ? `Invalid ${part}: ${first.message}` : `Invalid ${part}`,
        issues,
      };
    } else if (error.code && FASTIFY_CODES[error.code]) {
      const known = FASTIFY_CODES[error.code]!;
      status = error.statusCode ?? 400;
      body = { error: known.code, message: known.message };
    } else if (error.validation) {
      status = 400;
      body = { error: 'validation_error', message: error.message };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { error: codeForStatus(status), message: error.message };
    } else {
      request.log.error({ err: error }, 'request failed');
      body = INTERNAL_ERROR;
    }
    if (status >= 500) status = 500;
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}

/**
 * The request's URL with each `%` of its path standing for itself when the path's %-escapes do not
 * decode (`/mpi/%ff` is read as `/mpi/%25ff`), as the share page reads such a link. The router
 * would refuse the request before any route or hook ran; this way a mangled share link (cut short in
 * a text message, say) opens the share page, which says the link leads nowhere, and an API call gets
 * its route's answer to an id or token it does not know, in the API's shape. Fastify's `rewriteUrl`.
 */
export function literalPercents(url: string): string {
  if (!url.includes('%')) return url;
  // The path ends at the query or, in a hand-made request, a fragment, as the router reads it.
  const end = url.search(/[?#]/);
  const pathname = end === -1 ? url : url.slice(0, end);
  if (!pathname.includes('%')) return url;
  try {
    decodeURIComponent(pathname);
    return url;
  } catch {
    return pathname.replaceAll('%', '%25') + (end === -1 ? '' : url.slice(end));
  }
}

/**
 * Longer than any request line Node's HTTP parser accepts (the request line counts toward its 16 KiB
 * of headers): an id or token of any length reaches its route, which answers it as it answers any
 * other it does not know. The router's own limit (100 characters) answered a 414 in its own shape.
 */
export const MAX_PARAM_LENGTH = 16 * 1024;

/**
 * What the router refuses before any route or hook runs (Fastify's `frameworkErrors`), should it
 * still refuse anything after `literalPercents` and `MAX_PARAM_LENGTH`: the API's error shape, not the
 * router's, which echoed the path back.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 500;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  const body = status >= 500 ? INTERNAL_ERROR : { error: codeForStatus(status), message: 'The address is not valid' };
  void reply
    .status(Math.min(status, 500))
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}

/** The answers to a request Node's HTTP parser could not read, by the parser's error code. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: "The request body's chunk extensions are too large" },
  HPE_HEADER_OVERFLOW: { status: 431, message: "The request's headers are larger than the server accepts (16 KB)" },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
};

/**
 * A request Node's HTTP parser refused (Fastify's `clientErrorHandler`): too large headers, a request
 * that took too long to arrive, or no HTTP at all. No route or hook runs, so it is written to the socket
 * as Fastify's own handler does, in the API's error shape instead of Fastify's, and the connection closes.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // A connection reset has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    message: 'The request is not valid HTTP',
  };
  const body = JSON.stringify({ error: codeForStatus(status), message } satisfies ApiErrorBody);
  // Not into an answer already under way on this connection (as Node's own handler).
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !answering) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function apiNotFound(message = 'There is no such API call'): ApiErrorBody {
  return { error: 'not_found', message };
}
