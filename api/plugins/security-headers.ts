import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The customers' share pages, served by their own light entry. */
export const SHARE_PAGE = /^\/(mpi|invoice|receipt)\/[^/]+\/?$/;
const PUBLIC_API = /^\/api\/public\//;
/** An invite link's page and its calls: their URLs carry the invite token. */
const INVITE = /^\/(api\/)?invites?\/[^/]+/;

/** Search engines keep out of the share pages (and everything else: there is nothing public to index). */
export const ROBOTS_TXT = [
  'User-agent: *',
  'Disallow: /mpi/',
  'Disallow: /invoice/',
  'Disallow: /receipt/',
  'Disallow: /api/',
  'Disallow: /',
  '',
].join('\n');

/** `'sha256-…'` sources for the inline scripts of the built HTML pages (the share page's early data call). */
export function inlineScriptHashes(webRoot: string | undefined): string[] {
  if (!webRoot) return [];
  const hashes = new Set<string>();
  for (const page of ['index.html', 'share.html']) {
    const file = path.join(webRoot, page);
    if (!existsSync(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
      const body = match[1] ?? '';
      if (body.trim()) hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

export function contentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` ${h}`).join('')}`,
    // Radix and React set positioning and scroll-lock styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const isSharePage = (url: string) => SHARE_PAGE.test(url) || PUBLIC_API.test(url) || INVITE.test(url);

/**
 * Security headers on every response: CSP (scripts only from this origin), no framing, no MIME
 * sniffing, referrer rules (none at all from share pages, whose URLs carry a token), HSTS over
 * HTTPS, and the camera and microphone for the staff app only.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { webRoot: string | undefined; trustProxy: boolean },
): void {
  const csp = contentSecurityPolicy(inlineScriptHashes(options.webRoot));
  const https = (request: FastifyRequest) => request.protocol === 'https' || options.trustProxy;
  // The four sets of headers, made once: share page or not, HTTPS or not.
  const headersFor = (share: boolean, overHttps: boolean): Record<string, string> => ({
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': share ? 'no-referrer' : 'same-origin',
    'Permissions-Policy': share
      ? 'camera=(), microphone=(), geolocation=(), payment=()'
      : 'camera=(self), microphone=(self), geolocation=(), payment=()',
    ...(overHttps ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  });
  const sets = {
    staff: headersFor(false, false),
    share: headersFor(true, false),
    staffHttps: headersFor(false, true),
    shareHttps: headersFor(true, true),
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url.split('?')[0] ?? '';
    const share = isSharePage(url);
    const overHttps = https(request);
    reply.headers(overHttps ? (share ? sets.shareHttps : sets.staffHttps) : share ? sets.share : sets.staff);
    done(null, payload);
  });
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(ROBOTS_TXT),
  );
}
