import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// An open sign-up for a taken username or email is accepted like any other (so the answer tells
// no stranger who works there) and waits as a pending account: usernames and emails are unique
// among active accounts only, and a clash is settled when an admin approves.

// Active only: an expression that is null for every other account (nulls never clash in a unique
// index), rather than a partial index, whose `status = 'active'` condition would make SQLite plan
// every statement that binds a status by its value and prepare it again on each run.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function uniqueIndexes(db: Kysely<any>, activeOnly: boolean): Promise<void> {
  for (const column of ['username', 'email']) {
    const key = activeOnly
      ? sql`(case when ${sql.ref('status')} = 'active' then lower(${sql.ref(column)}) end)`
      : sql`lower(${sql.ref(column)})`;
    await db.schema.createIndex(`users_${column}_unique`).on('users').unique().expression(key).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_username_unique').execute();
  await db.schema.dropIndex('users_email_unique').execute();
  await uniqueIndexes(db, true);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // Pending accounts that clash with an older or active one cannot stay under the old indexes.
  await sql`
    delete from users where status = 'pending' and exists (
      select 1 from users other
      where other.id <> users.id
        and (lower(other.username) = lower(users.username) or lower(other.email) = lower(users.email))
        and (other.status = 'active' or other.created_at < users.created_at
          or (other.created_at = users.created_at and other.id < users.id))
    )`.execute(db);
  await db.schema.dropIndex('users_username_unique').execute();
  await db.schema.dropIndex('users_email_unique').execute();
  await uniqueIndexes(db, false);
}
