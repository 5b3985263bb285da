import { createHmac, randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, setCookie } from '@api/plugins/cookies';
import { sha256Hex } from '@api/lib/tokens';

export const DEVICE_COOKIE = 'baywise.device';
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
// Sign-in, sign-up and invite acceptance all read it (a cookie for '/api/login' alone would never
// reach the other two, which would then replace it and untrust the device for everyone else).
export const DEVICE_COOKIE_PATH = '/api';

const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** Signs device cookies with a key of their own, derived from the session secret. */
export function deviceCookieSigner(sessionSecret: string): Signer {
  // A separate key: a signed session id can never pass as a device id, or the other way round.
  return new Signer(createHmac('sha256', sessionSecret).update('baywise device cookie').digest());
}

export const newDeviceId = (): string => randomBytes(32).toString('base64url');

/** What the database keeps and failures are counted by: the id itself is never stored. */
export const hashDeviceId = (deviceId: string): string => sha256Hex(deviceId);

/** The device id from a correctly signed cookie; a missing, forged or malformed one is none. */
export function readDeviceId(request: FastifyRequest, signer: Signer): string | undefined {
  const raw = readCookie(request.headers.cookie, DEVICE_COOKIE);
  if (!raw) return undefined;
  const result = signer.unsign(raw);
  return result.valid && result.value && DEVICE_ID.test(result.value) ? result.value : undefined;
}

/** Sets (or renews for another year) the device cookie; sign-out leaves it in place. */
export function setDeviceCookie(reply: FastifyReply, signer: Signer, deviceId: string): void {
  // Secure when the request came over HTTPS (as the proxy says when trustProxy is on).
  setCookie(reply, DEVICE_COOKIE, signer.sign(deviceId), {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    maxAge: DEVICE_TTL_MS / 1000,
  });
}
