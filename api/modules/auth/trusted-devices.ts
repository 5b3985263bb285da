import type { Db } from '@api/db/database';
import { isoAt } from '@api/lib/tokens';
import { isForeignKeyViolation } from '@api/db/errors';
import { DEVICE_TTL_MS, hashDeviceId } from './device-cookie';

/** Whether this device signed in as this user within the last year. */
export async function isTrustedDevice(db: Db, deviceId: string, userId: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('trustedDevices')
    .select('userId')
    .where('deviceHash', '=', hashDeviceId(deviceId))
    .where('userId', '=', userId)
    .where('lastUsedAt', '>', isoAt(now - DEVICE_TTL_MS))
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a successful sign-in of this user on this device, and forgets devices unused for a year. */
export async function trustDevice(db: Db, deviceId: string, userId: string, now: number): Promise<void> {
  const lastUsedAt = isoAt(now);
  try {
    await db
      .insertInto('trustedDevices')
      .values({ deviceHash: hashDeviceId(deviceId), userId, lastUsedAt })
      .onConflict((oc) => oc.columns(['deviceHash', 'userId']).doUpdateSet({ lastUsedAt }))
      .execute();
  } catch (err) {
    // The user was deleted meanwhile: there is nothing to trust.
    if (!isForeignKeyViolation(err)) throw err;
  }
  await db
    .deleteFrom('trustedDevices')
    .where('lastUsedAt', '<=', isoAt(now - DEVICE_TTL_MS))
    .execute();
}
