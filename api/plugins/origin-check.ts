import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

/** Refuses state-changing calls that a page on another origin made (CSRF defence). */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string') {
      if (!ALLOWED_FETCH_SITES.has(fetchSite)) throw forbidden('Cross-site requests are not allowed');
      return;
    }
    const origin = request.headers.origin;
    if (typeof origin !== 'string') return;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw forbidden('Cross-site requests are not allowed');
    }
    if (originHost !== request.host) throw forbidden('Cross-site requests are not allowed');
  });
}
