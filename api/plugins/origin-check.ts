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

/** Refuses state-changing calls that a page on another origin made (CSRF defence). */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string') {
      if (!ALLOWED_FETCH_SITES.has(fetchSite)) throw forbidden(CROSS_SITE_MESSAGE);
      return;
    }
    const origin = request.headers.origin;
    if (typeof origin !== 'string') return;
    if (!isSameHost(origin, request)) throw forbidden(CROSS_SITE_MESSAGE);
  });
}
