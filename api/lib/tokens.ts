import { createHash, randomBytes } from 'node:crypto';
import { newRowId } from '@shared/ids';

/** A share token: 192 bits from the CSPRNG, base64url (32 characters). */
export function newShareToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Share tokens are base64url; anything else cannot match and is answered like an unknown one. */
export function isShareToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{16,128}$/.test(token);
}

/** A new row's id: time-ordered (`newRowId`), as the web app's client ids are. */
export function newId(): string {
  return newRowId();
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** An ISO 8601 UTC timestamp for a time in ms since the epoch (an injected clock's). */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** What the database keeps of a secret it must recognise but never hand out (invite tokens, device ids). */
export function sha256Hex(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
