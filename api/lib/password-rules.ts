import { passwordInput } from '@shared/schemas/user';
import { badRequest } from './http-error';

/** How many of the most used passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones. Choose one that is harder to guess.';

// zxcvbn's list of leaked passwords, most used first; compared ignoring case. Server-side only, so
// the list never ships to browsers; loaded on first use (about 40 ms and 5 MB), not at start-up.
let common: Promise<Set<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase())),
  );
  return (await common).has(password.toLowerCase());
}

/** A new password must not be one of the most common ones (its length is the shared schema's rule). */
export async function assertPasswordAllowed(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password))
    throw badRequest(COMMON_PASSWORD_MESSAGE, [{ path: field, message: COMMON_PASSWORD_MESSAGE }]);
}

/** Whether a password that signed in would be accepted as a new one today (older rules allowed 6 characters). */
export async function meetsPasswordRules(password: string): Promise<boolean> {
  return passwordInput.safeParse(password).success && !(await isCommonPassword(password));
}
