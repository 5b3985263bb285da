// `npm run db:seed -- --demo [--force]`: loads the demo shop into the configured database.
import { loadCommandConfig } from '@api/config';
import { DatabaseNotEmptyError, seedDemo, type SeedDemoResult } from '@api/demo/demo-data';
import { migrateToLatest } from './migrate';
import { openConfiguredDatabase } from './open';
import { usePrivateUmask } from './private-files';

const USAGE = `Usage: npm run db:seed -- --demo [--force]

  --demo   Load the demo shop (staff of every role, about 30 customers with their vehicles,
           inspections over the last 60 days, invoices and email templates) into the database
           that DATABASE_URL or DATA_DIR points at. The admin uses the ADMIN_EMAIL address.
           The users share a new random password, printed once; each changes it at first sign-in.
  --force  ERASE every row in that database first. Without it, a database that already has
           users or customers is left untouched.`;

function printSummary(result: SeedDemoResult): void {
  const c = result.counts;
  console.log(
    `Loaded the demo shop: ${c.users} users, ${c.customers} customers, ${c.vehicles} vehicles, ` +
      `${c.inspections} inspections (${c.services} services, ${c.serviceParts} parts), ` +
      `${c.invoices} invoices and ${c.emailTemplates} email templates.\n`,
  );
  console.log('Demo sign-ins (username / role / email):');
  for (const user of result.users) console.log(`  ${user.username.padEnd(16)} ${user.role.padEnd(16)} ${user.email}`);
  console.log(`\nEvery demo user's password: ${result.password}`);
  console.log('Each person is asked to choose their own password at first sign-in.');
}

async function main(args: string[]): Promise<number> {
  usePrivateUmask();
  const known = new Set(['--demo', '--force']);
  if (!args.includes('--demo') || args.some((arg) => !known.has(arg))) {
    console.error(USAGE);
    return 1;
  }
  const config = loadCommandConfig();
  if (!config) return 1;
  const db = openConfiguredDatabase(config);
  try {
    await migrateToLatest(db);
    printSummary(
      await seedDemo(db, { adminEmail: config.adminEmail, force: args.includes('--force'), dataDir: config.dataDir }),
    );
    return 0;
  } catch (err) {
    if (err instanceof DatabaseNotEmptyError) console.error(err.message);
    else console.error(`Loading the demo data failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
