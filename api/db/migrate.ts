import { Migrator, type MigrationResultSet } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations';

/** `schema`: the PostgreSQL schema holding the migration tables, when not the default one. */
function migratorFor(db: Db, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

function unwrap(result: MigrationResultSet): void {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** Runs every pending migration forward. */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  unwrap(await migratorFor(db, schema).migrateToLatest());
}

/** Undoes the most recent migration. */
export async function migrateDown(db: Db, schema?: string): Promise<void> {
  unwrap(await migratorFor(db, schema).migrateDown());
}
