import type { Db } from '@api/db/database';
import { forbidden } from '@api/lib/http-error';
import { setupCodeMatches, storedSetupCodeHash } from '@api/lib/setup-code';
import { clientAddressKey } from './client-address';
import { throttled } from './login-throttle';

/** The same answer whether the code is wrong or the shop has no code (it has its admin): a stranger learns nothing. */
export const SETUP_CODE_INVALID =
  'That setup code is not valid. The server prints it when it starts on an empty database, and keeps it in its data folder (setup-code).';

// Counted like a username's failures; no username is stored with a leading space, so none shares it.
const SETUP_CODE_KEY = ' setup code';

/**
 * 403 unless `code` is the stored setup code. Failures are throttled per client address like
 * sign-in failures. The account-wide ceiling is left out: the 80-bit code needs none, and it would
 * let a stranger's flood keep the owner from setting up the shop.
 */
export async function checkSetupCode(
  db: Db,
  code: string,
  client: { address: string; now: number },
  shopIsEmpty: boolean,
): Promise<void> {
  const attempt = {
    usernameKey: SETUP_CODE_KEY,
    clientKey: `address:${clientAddressKey(client.address)}`,
    trusted: true,
    now: client.now,
  };
  // A code left over (a restored backup) opens nothing once the shop has accounts.
  const stored = shopIsEmpty ? await storedSetupCodeHash(db) : undefined;
  if (!(await throttled(db, attempt, async () => setupCodeMatches(code, stored)))) throw forbidden(SETUP_CODE_INVALID);
}
