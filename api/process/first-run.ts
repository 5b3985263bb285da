import path from 'node:path';
import type { AppConfig } from '@api/config';
import type { Db } from '@api/db/database';
import { migrateToLatest } from '@api/db/migrate';
import { prepareSetupCode, SETUP_CODE_FILE } from '@api/lib/setup-code';
import { hasAnyUser } from '@api/modules/users/user.repository';

/**
 * What the process that owns the database does before serving: migrate, then, on an empty shop, the
 * setup code its first admin signs up with (undefined once the shop has accounts).
 */
export async function firstRunSetup(db: Db, config: AppConfig): Promise<{ code: string; file: string } | undefined> {
  await migrateToLatest(db);
  const code = await prepareSetupCode(db, config.dataDir, await hasAnyUser(db));
  return code === undefined ? undefined : { code, file: path.join(config.dataDir, SETUP_CODE_FILE) };
}
