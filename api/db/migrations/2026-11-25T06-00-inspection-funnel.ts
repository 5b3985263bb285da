import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// One summary row per inspection for the funnel report (its services summed, its first send, view
// and first decision), kept in step by every write; a range of a year is then one index scan.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// What the report reads, in the order of the covering index after created_at.
const READ = [
  'technician_id', 'advisor_id', 'first_sent_at', 'first_viewed_at', 'first_decided_at',
  'services', 'approved_services', 'recommended_cents', 'approved_cents', 'declined_cents',
];

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('inspection_funnel')
    .addColumn('inspection_id', 'text', (c) => c.primaryKey().references('inspections.id').onDelete('cascade'))
    .addColumn('technician_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('services', 'integer', (c) => c.notNull())
    .addColumn('approved_services', 'integer', (c) => c.notNull())
    .addColumn('recommended_cents', 'bigint', (c) => c.notNull())
    .addColumn('approved_cents', 'bigint', (c) => c.notNull())
    .addColumn('declined_cents', 'bigint', (c) => c.notNull())
    // The first send that did not fail, and its user (set null when the user is deleted, as on the send).
    .addColumn('first_sent_at', 'text')
    .addColumn('advisor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('first_viewed_at', 'text')
    // The first approve or decline at or after the first send.
    .addColumn('first_decided_at', 'text')
    .execute();
  await db.schema.createIndex('inspection_funnel_created').on('inspection_funnel').columns(['created_at', ...READ]).execute();
  // A deleted user's rows are found by index when their ids are set to null.
  await db.schema.createIndex('inspection_funnel_technician').on('inspection_funnel').column('technician_id').execute();
  await db.schema.createIndex('inspection_funnel_advisor').on('inspection_funnel').column('advisor_id').execute();

  // Every existing inspection, with the definitions of the report's statement of 2026-11-25T05-40.
  const amount = sql`(s.labor_cost_cents + s.parts_cost_cents)`;
  await sql`
    insert into inspection_funnel (inspection_id, technician_id, created_at, services, approved_services,
      recommended_cents, approved_cents, declined_cents, first_sent_at, advisor_id, first_viewed_at, first_decided_at)
    select f.id, f.technician_id, f.created_at, f.services, f.approved_services, f.recommended, f.approved, f.declined,
      substr(f.first_send, 1, 24), nullif(substr(f.first_send, 26), ''), f.viewed,
      (select min(d.decided_at) from service_decisions d
        where d.inspection_id = f.id and d.decision in ('approved', 'declined')
          and d.decided_at >= substr(f.first_send, 1, 24))
    from (
      select i.id, i.technician_id, i.created_at,
        count(s.status) as services,
        sum(case when s.status = 'approved' then 1 else 0 end) as approved_services,
        coalesce(sum(${amount}), 0) as recommended,
        coalesce(sum(case when s.status = 'approved' then coalesce(s.approved_amount_cents, ${amount}) else 0 end), 0) as approved,
        coalesce(sum(case when s.status = 'declined' then ${amount} else 0 end), 0) as declined,
        (select min(ss.sent_at || ' ' || coalesce(ss.user_id, '')) from share_sends ss
          where ss.inspection_id = i.id and ss.status <> 'failed') as first_send,
        (select v.first_viewed_at from share_views v where v.target_kind = 'inspection' and v.target_id = i.id) as viewed
      from inspections i
      left join services s on s.inspection_id = i.id
      group by i.id, i.technician_id, i.created_at
    ) f`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('inspection_funnel').execute();
}
