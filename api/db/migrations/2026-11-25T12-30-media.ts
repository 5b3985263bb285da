import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// Photos and videos of inspections: one `media` row per medium, and one `media_files` row per
// stored content (keyed by the SHA-256 of the uploaded bytes) listing the variants made from it,
// so clean-up knows which files no row uses any more.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('media_files')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_ms', 'integer')
    // JSON array of the variant names stored beside the original (w320, w960, w1920, poster, h264).
    .addColumn('variants', 'text', (c) => c.notNull())
    // 1 while a background job makes the copy phones can play (HEVC videos).
    .addColumn('processing', 'integer', (c) => c.notNull().defaultTo(0))
    // The variant to play instead of the original (h264), null when the original plays.
    .addColumn('playable', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inspection_id', 'text', (c) => c.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('item_key', 'text')
    .addColumn('service_id', 'text', (c) => c.references('services.id').onDelete('cascade'))
    // photo | video
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('sha256', 'text', (c) => c.notNull().references('media_files.sha256'))
    .addColumn('markup_sha256', 'text', (c) => c.references('media_files.sha256'))
    .addColumn('caption', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('captured_at', 'text', (c) => c.notNull())
    .addColumn('taken_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_inspection').on('media').columns(['inspection_id', 'position', 'id']).execute();
  await db.schema.createIndex('media_service').on('media').column('service_id').execute();
  await db.schema.createIndex('media_sha256').on('media').column('sha256').execute();
  await db.schema.createIndex('media_markup_sha256').on('media').column('markup_sha256').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('media').execute();
  await db.schema.dropTable('media_files').execute();
}
