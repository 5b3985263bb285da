import { createRequire } from 'node:module';
import { passwordInput } from '@shared/schemas/user';
import { badRequest } from './http-error';

/** How many of the most used passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones. Choose one that is harder to guess.';

// zxcvbn's list of leaked passwords, most used first; compared ignoring case. Server-side only, so
// the list never ships to browsers; loaded on first use (about 40 ms), not at start-up. Only its
// file of passwords is read (not the package's other word lists), through `require`, and then let
// go of: imported, the module cache kept all of its ~49,000 words and its other lists for the life
// of the process (about 1.7 MB more heap than the Set of the 10,000 kept here).
const PASSWORDS_MODULE = '@zxcvbn-ts/language-common/dist/passwords.json.cjs';
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (common) return common;
  const require = createRequire(import.meta.url);
  const file = require.resolve(PASSWORDS_MODULE);
  const passwords = require(file) as string[];
  delete require.cache[file];
  common = new Set(passwords.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** A new password must not be one of the most common ones (its length is the shared schema's rule). */
export async function assertPasswordAllowed(password: string, field: string): Promise<void> {
  if (isCommonPassword(password))
    throw badRequest(COMMON_PASSWORD_MESSAGE, [{ path: field, message: COMMON_PASSWORD_MESSAGE }]);
}

/** Whether a password that signed in would be accepted as a new one today (older rules allowed 6 characters). */
export async function meetsPasswordRules(password: string): Promise<boolean> {
  return passwordInput.safeParse(password).success && !isCommonPassword(password);
}
