import { sql } from 'kysely';
import { compiledOnce } from './compiled-once';
import { isPostgres, type Db } from './database';
import { inTransaction } from './transaction';

/**
 * The funnel report's summary of an inspection (table `inspection_funnel`): its services summed,
 * its first send that did not fail (and that send's user), its view and its first approve or
 * decline at or after that send. Each row is recomputed whole from the base tables, never
 * adjusted, so it can only be out of date, not wrong; every write that changes an inspection, its
 * services or decisions, a send or a view refreshes it in the same transaction (see docs/reports.md).
 */

// At most this many ids a statement: far below both drivers' bound-parameter limits.
const CHUNK = 500;

// A service's amount: labour plus parts_cost_cents, which every write keeps equal to the sum of
// the service's parts when it has any (so the parts table need not be read).
const AMOUNT = '(s.labor_cost_cents + s.parts_cost_cents)';

// The first send is its ISO time (24 characters, as toISOString writes every row) and its user id
// in one string, so one index probe finds both; the statement splits them.
const upsert = (filter: string) => `
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
      coalesce(sum(${AMOUNT}), 0) as recommended,
      coalesce(sum(case when s.status = 'approved' then coalesce(s.approved_amount_cents, ${AMOUNT}) else 0 end), 0) as approved,
      coalesce(sum(case when s.status = 'declined' then ${AMOUNT} else 0 end), 0) as declined,
      (select min(ss.sent_at || ' ' || coalesce(ss.user_id, '')) from share_sends ss
        where ss.inspection_id = i.id and ss.status <> 'failed') as first_send,
      (select v.first_viewed_at from share_views v where v.target_kind = 'inspection' and v.target_id = i.id) as viewed
    from inspections i
    left join services s on s.inspection_id = i.id
    where ${filter}
    group by i.id, i.technician_id, i.created_at
  ) f
  where true
  on conflict (inspection_id) do update set
    technician_id = excluded.technician_id, created_at = excluded.created_at, services = excluded.services,
    approved_services = excluded.approved_services, recommended_cents = excluded.recommended_cents,
    approved_cents = excluded.approved_cents, declined_cents = excluded.declined_cents,
    first_sent_at = excluded.first_sent_at, advisor_id = excluded.advisor_id,
    first_viewed_at = excluded.first_viewed_at, first_decided_at = excluded.first_decided_at`;

const [BEFORE_IDS, AFTER_IDS] = upsert('i.id in (@ids)').split('@ids');

// Every write to an inspection runs it: compiled once per number of ids (up to compiledOnce's
// limit; a longer list is built each time).
const refreshOf = compiledOnce((db, ids) => {
  const statement = sql`${sql.raw(BEFORE_IDS!)}${sql.join(ids)}${sql.raw(AFTER_IDS!)}`;
  return { compile: () => statement.compile(db) };
});

/** Recomputes the summary rows of these inspections (a deleted one's row went with it). */
export async function refreshInspectionFunnel(db: Db, inspectionIds: readonly string[]): Promise<void> {
  const ids = [...new Set(inspectionIds)];
  for (let start = 0; start < ids.length; start += CHUNK) {
    await refreshOf(db, ids.slice(start, start + CHUNK));
  }
}

/**
 * The refresh for a write that does not itself lock the inspection (a send, a view). On PostgreSQL
 * it first takes the inspections' row locks, as every change to an inspection does, so it waits for
 * a decision or save still running and then reads what that committed: a refresh from an older
 * snapshot can never overwrite a newer one. (SQLite runs one write transaction at a time.)
 */
export async function refreshInspectionFunnelLocked(db: Db, inspectionIds: readonly string[]): Promise<void> {
  const ids = [...new Set(inspectionIds)].sort();
  if (ids.length === 0) return;
  await inTransaction(db, async (trx) => {
    if (isPostgres(trx))
      await trx.selectFrom('inspections').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
    await refreshInspectionFunnel(trx, ids);
  });
}

/** The statement that recomputes every inspection's row, as plain SQL (e.g. after a bulk load). */
export const REFRESH_ALL_FUNNEL_SQL = upsert('true');

/** Recomputes every inspection's row. */
export async function refreshAllInspectionFunnel(db: Db): Promise<void> {
  await sql.raw(REFRESH_ALL_FUNNEL_SQL).execute(db);
}
