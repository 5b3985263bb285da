import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../lib/common-passwords';
import { badRequest } from '../../lib/http-error';

/** A new password must not be one of the most common ones (its length is the schema's rule). */
export function assertPasswordAllowed(password: string, field: string): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE, [{ path: field, message: COMMON_PASSWORD_MESSAGE }]);
}

/** Whether a password that signed in would still be accepted today (older rules allowed 6 characters). */
export function meetsPasswordRules(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && !isCommonPassword(password);
}
