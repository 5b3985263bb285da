import { fastifyCookie, type SerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SEMICOLON = 0x3b;
const EQUALS = 0x3d;
const isBlank = (code: number) => code === 0x20 || code === 0x09;

/** Whether the cookie name found at `at` starts a pair: only blanks lie between it and a `;` or the start. */
function startsPair(header: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && isBlank(header.charCodeAt(i))) i--;
  return i < 0 || header.charCodeAt(i) === SEMICOLON;
}

function trimBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

/** URL-decoded as the cookie parser does: only when there is an escape, and left as sent if it is broken. */
function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * One cookie's value from a `Cookie` header, the first one of that name (as the cookie parser
 * reads it), without parsing the rest of the header; undefined when absent or empty.
 */
export function readCookie(header: string | string[] | undefined, name: string): string | undefined {
  if (typeof header !== 'string') return undefined;
  for (let at = header.indexOf(name); at !== -1; at = header.indexOf(name, at + 1)) {
    if (!startsPair(header, at)) continue;
    let eq = at + name.length;
    while (isBlank(header.charCodeAt(eq))) eq++;
    if (header.charCodeAt(eq) !== EQUALS) continue;
    const end = header.indexOf(';', eq);
    const value = decode(trimBlanks(header.slice(eq + 1, end === -1 ? header.length : end)));
    return value === '' ? undefined : value;
  }
  return undefined;
}

/** Whether the request came over HTTPS, as the proxy says when trustProxy is on (`secure: 'auto'`). */
export const cameOverHttps = (request: FastifyRequest): boolean => request.protocol === 'https';

/** Adds one `Set-Cookie` to the response (URL-encoded value, `Secure` when the request came over HTTPS). */
export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: Omit<SerializeOptions, 'secure' | 'encode'>,
): void {
  // Fastify appends a second set-cookie header rather than replacing the first.
  reply.header(
    'set-cookie',
    fastifyCookie.serialize(name, value, { ...options, secure: cameOverHttps(reply.request) }),
  );
}

/** Tells the browser to drop a cookie set with this path (both ways browsers understand: Max-Age and Expires). */
export function clearCookie(
  reply: FastifyReply,
  name: string,
  options: Omit<SerializeOptions, 'secure' | 'encode' | 'expires' | 'maxAge'>,
): void {
  setCookie(reply, name, '', { ...options, maxAge: 0, expires: new Date(0) });
}
