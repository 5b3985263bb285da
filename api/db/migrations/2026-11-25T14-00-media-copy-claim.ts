import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// When a video's playable copy was claimed: with several workers or instances, the one whose
// conditional update set it makes the copy, and the claim lapses if that worker stops mid-way.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('media_files').addColumn('copy_started_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('media_files').dropColumn('copy_started_at').execute();
}
