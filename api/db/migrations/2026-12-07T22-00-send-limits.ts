import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// The send limits count a user's sends in the last hour and the shop's in the last day, by the
// server's own time of each send (`created_at`; a device may date an offline send earlier).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('share_sends_user_created').on('share_sends').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('share_sends_created').on('share_sends').column('created_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('share_sends_created').execute();
  await db.schema.dropIndex('share_sends_user_created').execute();
}
