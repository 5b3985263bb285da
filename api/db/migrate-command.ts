// `npm run db:migrate` runs every pending migration; `npm run db:migrate -- --down` undoes the last.
import { loadConfig } from '@api/config';
import { migrateDown, migrateToLatest } from './migrate';
import { openConfiguredDatabase } from './open';
import { usePrivateUmask } from './private-files';

usePrivateUmask();

const db = openConfiguredDatabase(loadConfig());
try {
  if (process.argv.includes('--down')) {
    await migrateDown(db);
    console.log('Undid the most recent migration.');
  } else {
    await migrateToLatest(db);
    console.log('The database is up to date.');
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
