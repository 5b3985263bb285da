import { randomBytes, randomUUID } from 'node:crypto';

/** A share token: 192 bits from the CSPRNG, base64url (32 characters). */
export function newShareToken(): string {
  return randomBytes(24).toString('base64url');
}

export function newId(): string {
  return randomUUID();
}

export function nowIso(): string {
  return new Date().toISOString();
}
