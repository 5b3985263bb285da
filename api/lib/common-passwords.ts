import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most used passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;
export const COMMON_PASSWORD_MESSAGE = 'This password is one of the most common ones. Choose one that is harder to guess.';

// zxcvbn's list of leaked passwords, most used first; compared ignoring case.
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
