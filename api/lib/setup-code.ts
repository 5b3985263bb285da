import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@api/db/database';
import { nowIso } from './tokens';

/** The file in DATA_DIR that holds the empty shop's setup code until its administrator exists. */
export const SETUP_CODE_FILE = 'setup-code';
/** No 0/O, 1/I: a code read off a screen or a log is typed right the first time. 32 letters: 5 bits each. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;
const CODE_ROW = 1;

/** A random code like `K7QM-3XWD-PH9T-ZC4R`: 80 bits, so guessing under the sign-in throttle is hopeless. */
export function newSetupCode(): string {
  // 256 is a multiple of 32, so every letter is equally likely.
  const letters = [...randomBytes(GROUPS * GROUP_LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]!);
  const groups: string[] = [];
  for (let i = 0; i < letters.length; i += GROUP_LENGTH) groups.push(letters.slice(i, i + GROUP_LENGTH).join(''));
  return groups.join('-');
}

/** What is compared: the letters only, upper-cased, so `k7qm 3xwd…` typed by hand counts too. */
export function setupCodeHash(code: string): string {
  const letters = code.toUpperCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(letters).digest('hex');
}

// Compared with a hash that cannot match while no code is stored, so both cases take the same work.
const NO_CODE_HASH = createHash('sha256').update('no setup code').digest('hex');

/** Whether `input` is the stored code, in time that does not depend on where they differ. */
export function setupCodeMatches(input: string, storedHash: string | undefined): boolean {
  const expected = Buffer.from(storedHash ?? NO_CODE_HASH, 'hex');
  const given = Buffer.from(setupCodeHash(input), 'hex');
  return timingSafeEqual(given, expected) && storedHash !== undefined;
}

export async function storedSetupCodeHash(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('setupCode').select('codeHash').where('id', '=', CODE_ROW).executeTakeFirst();
  return row?.codeHash;
}

/** Takes the code away in the transaction that creates the first admin; false when it was already gone. */
export async function claimSetupCode(db: Db): Promise<boolean> {
  const result = await db.deleteFrom('setupCode').where('id', '=', CODE_ROW).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The code no longer works and its file is gone: the shop has an account. */
export async function forgetSetupCode(db: Db, dataDir: string): Promise<void> {
  await db.deleteFrom('setupCode').execute();
  removeSetupCodeFile(dataDir);
}

export function removeSetupCodeFile(dataDir: string): void {
  rmSync(path.join(dataDir, SETUP_CODE_FILE), { force: true });
}

function readSetupCodeFile(dataDir: string): string | undefined {
  try {
    return readFileSync(path.join(dataDir, SETUP_CODE_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Owner-only: the code makes whoever reads it the shop's administrator. */
function writeSetupCodeFile(dataDir: string, code: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, SETUP_CODE_FILE);
  // Removed first: a mode given to writeFileSync applies only to a file it creates.
  rmSync(file, { force: true });
  writeFileSync(file, `${code}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
}

/**
 * At start, on an empty database: the code to print. Every process of the shop accepts the one code
 * whose hash is stored; this one shows it when its DATA_DIR/setup-code holds it, else (a first start,
 * a deleted file, another host's code) it makes a new one, which replaces the stored one.
 * With an account in the database there is no code: any left over is removed.
 */
export async function prepareSetupCode(db: Db, dataDir: string, hasUsers: boolean): Promise<string | undefined> {
  if (hasUsers) {
    await forgetSetupCode(db, dataDir);
    return undefined;
  }
  const stored = await storedSetupCodeHash(db);
  const kept = readSetupCodeFile(dataDir);
  if (stored !== undefined && kept !== undefined && setupCodeMatches(kept, stored)) return kept;
  const code = await issueSetupCode(db);
  writeSetupCodeFile(dataDir, code);
  return code;
}

/** Makes and stores a new code (the one every process accepts from now on) and returns it. */
export async function issueSetupCode(db: Db): Promise<string> {
  const code = newSetupCode();
  const codeHash = setupCodeHash(code);
  const createdAt = nowIso();
  await db
    .insertInto('setupCode')
    .values({ id: CODE_ROW, codeHash, createdAt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ codeHash, createdAt }))
    .execute();
  return code;
}
