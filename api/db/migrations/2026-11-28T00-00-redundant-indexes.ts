import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// Four indexes whose columns begin another index of their table, column for column: every lookup,
// range and order they served, the longer one serves as well, and each insert paid for both. A
// create of an inspection with three services wrote two of them (the services' by inspection, a
// random page of the index per create, and the inspections' by date); an approval's decision and
// a send wrote the other two.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** Each dropped index, and the one that begins with its columns. */
const REDUNDANT: Record<string, { table: string; columns: string[]; servedBy: string }> = {
  services_inspection_id: { table: 'services', columns: ['inspection_id'], servedBy: 'services_inspection_amounts' },
  inspections_created_order: {
    table: 'inspections',
    columns: ['created_at', 'id'],
    servedBy: 'inspections_created_technician',
  },
  share_sends_inspection: {
    table: 'share_sends',
    columns: ['inspection_id', 'sent_at'],
    servedBy: 'share_sends_inspection_first',
  },
  service_decisions_inspection: {
    table: 'service_decisions',
    columns: ['inspection_id', 'decided_at'],
    servedBy: 'service_decisions_inspection_kind',
  },
};

export async function up(db: Db): Promise<void> {
  for (const name of Object.keys(REDUNDANT)) await db.schema.dropIndex(name).execute();
}

export async function down(db: Db): Promise<void> {
  for (const [name, { table, columns }] of Object.entries(REDUNDANT)) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}
