import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// Covering indexes for the funnel report, which reads a date range of inspections with their
// services, first send, view and first decision: each probe is answered from the index alone.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const INDEXES: Record<string, { table: string; columns: string[] }> = {
  inspections_created_technician: { table: 'inspections', columns: ['created_at', 'id', 'technician_id'] },
  services_inspection_amounts: {
    table: 'services',
    columns: ['inspection_id', 'status', 'labor_cost_cents', 'parts_cost_cents', 'approved_amount_cents'],
  },
  share_sends_inspection_first: { table: 'share_sends', columns: ['inspection_id', 'sent_at', 'status', 'user_id'] },
  share_views_first_viewed: { table: 'share_views', columns: ['target_kind', 'target_id', 'first_viewed_at'] },
  service_decisions_inspection_kind: { table: 'service_decisions', columns: ['inspection_id', 'decided_at', 'decision'] },
};

export async function up(db: Db): Promise<void> {
  for (const [name, { table, columns }] of Object.entries(INDEXES)) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).execute();
}
