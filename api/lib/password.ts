import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hashPool, type HashPriority } from './hash-pool';

/** OWASP's scrypt parameters: N=2^17, r=8, p=1. */
export const PASSWORD_HASH_PARAMS = { log2N: 17, r: 8, p: 1 } as const;
export type HashParams = { log2N: number; r: number; p: number };

const KEY_LENGTH = 32;

/** On the hashing pool's own threads (hash-pool.ts), never on libuv's, which serve file reads. */
function derive(password: string, salt: Buffer, params: HashParams, priority: HashPriority): Promise<Buffer> {
  const N = 2 ** params.log2N;
  const options = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r };
  return hashPool.run({ password: password.normalize('NFKC'), salt, keyLength: KEY_LENGTH, options }, priority);
}

/** Hashes with a fresh salt; the result carries its parameters: `scrypt$17$8$1$salt$key`. */
export async function hashPassword(
  password: string,
  params: HashParams = PASSWORD_HASH_PARAMS,
  priority: HashPriority = 'normal',
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params, priority);
  return ['scrypt', params.log2N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** The parts of a stored `scrypt$N$r$p$salt$key` hash, or undefined when it is not one. */
function parseHash(stored: string): { params: HashParams; salt: string; key: string } | undefined {
  const [scheme, log2N, r, p, salt, key] = stored.split('$');
  const params = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !salt || !key) return undefined;
  if (![params.log2N, params.r, params.p].every((n) => Number.isInteger(n) && n > 0)) return undefined;
  return { params, salt, key };
}

export async function verifyPassword(
  password: string,
  stored: string,
  priority: HashPriority = 'normal',
): Promise<boolean> {
  const hash = parseHash(stored);
  if (!hash) return false;
  const expected = Buffer.from(hash.key, 'base64');
  const actual = await derive(password, Buffer.from(hash.salt, 'base64'), hash.params, priority);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Whether a stored hash was made with other parameters than today's, and should be made again. */
export function needsRehash(stored: string, params: HashParams = PASSWORD_HASH_PARAMS): boolean {
  const current = parseHash(stored)?.params;
  return !current || current.log2N !== params.log2N || current.r !== params.r || current.p !== params.p;
}

const dummyHashes = new Map<string, Promise<string>>();

/** Spends the same time as a real check, so unknown usernames cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string, params: HashParams = PASSWORD_HASH_PARAMS): Promise<void> {
  const key = `${params.log2N}$${params.r}$${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword('dummy-password-for-timing', params);
    dummyHashes.set(key, hash);
    // A refusal (the hashing pool was full) must not stay the answer for good.
    hash.catch(() => dummyHashes.delete(key));
  }
  await verifyPassword(password, await hash);
}
