import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '@api/lib/http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);
export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

/** Whether the Origin header names this server; default ports count as absent ("host:80" = "host"). */
function isSameHost(origin: string, request: FastifyRequest): boolean {
  try {
    const from = new URL(origin);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
    // The request's host read with the origin's scheme, so both sides drop the same default port.
    const self = new URL(`${from.protocol}//${request.host}`);
    return from.host === self.host;
  } catch {
    return false;
  }
}

/** Whether a state-changing call came from a page on another origin. */
function crossSite(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return !ALLOWED_FETCH_SITES.has(fetchSite);
  const origin = request.headers.origin;
  return typeof origin === 'string' && !isSameHost(origin, request);
}

/** Refuses state-changing calls that a page on another origin made (CSRF defence). */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(crossSite(request) ? forbidden(CROSS_SITE_MESSAGE) : undefined);
  });
}
