import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Half-open span of inspection creation instants (ISO strings). */
export interface Span {
  from: string;
  to: string;
}

/** One inspection of the span with its services summed and its first send, view and decision. */
export interface FunnelRow {
  technicianId: string | null;
  createdAt: string;
  /** The first send that did not fail, and its user (null: a deleted user). */
  firstSentAt: string | null;
  advisorId: string | null;
  firstViewedAt: string | null;
  /** The first approve or decline at or after the first send. */
  firstDecidedAt: string | null;
  services: number;
  approvedServices: number;
  recommendedCents: number;
  approvedCents: number;
  declinedCents: number;
}

// A service's amount: labour plus parts_cost_cents, which every write keeps equal to the sum of
// the service's parts when it has any (so the parts table need not be read).
const AMOUNT = sql`(s.labor_cost_cents + s.parts_cost_cents)`;

/**
 * One pass over the span through covering indexes (2026-11-25T05-40-funnel-indexes): the
 * inspections by creation time, their services summed per inspection (GROUP BY), their first
 * send (the ISO time and the user id in one string, so one index probe finds both), the view row
 * and the first decision after the send. The medians need these rows anyway, so the groups and
 * days are summed from them instead of reading everything a second time. The SQL names its
 * columns itself, so the camelCase plugin (a new object for each of 30,000 rows) is left out.
 */
export async function funnelRows(db: Db, span: Span): Promise<FunnelRow[]> {
  const { rows } = await funnelRowsQuery(span).execute(db.withoutPlugins());
  return rows.map(toFunnelRow);
}

/** The statement alone, e.g. to read its plan with EXPLAIN. */
export function funnelRowsQuery(span: Span) {
  return sql<Record<string, string | number | null>>`
    select f.technician, f.created, f.firstsend, f.viewed, f.services, f.approvedservices,
      f.recommended, f.approved, f.declined,
      -- The first send's time is the string's first 24 characters (toISOString, as every row is written).
      (select min(d.decided_at) from service_decisions d
        where d.inspection_id = f.id and d.decision in ('approved', 'declined')
          and d.decided_at >= substr(f.firstsend, 1, 24)) as decided
    from (
      select i.id, i.technician_id as technician, i.created_at as created,
        max(v.first_viewed_at) as viewed,
        count(s.status) as services,
        sum(case when s.status = 'approved' then 1 else 0 end) as approvedservices,
        coalesce(sum(${AMOUNT}), 0) as recommended,
        coalesce(sum(case when s.status = 'approved' then coalesce(s.approved_amount_cents, ${AMOUNT}) else 0 end), 0) as approved,
        coalesce(sum(case when s.status = 'declined' then ${AMOUNT} else 0 end), 0) as declined,
        (select min(ss.sent_at || ' ' || coalesce(ss.user_id, '')) from share_sends ss
          where ss.inspection_id = i.id and ss.status <> 'failed') as firstsend
      from inspections i
      left join services s on s.inspection_id = i.id
      left join share_views v on v.target_kind = 'inspection' and v.target_id = i.id
      where i.created_at >= ${span.from} and i.created_at < ${span.to}
      group by i.id, i.technician_id, i.created_at
    ) f`;
}

function toFunnelRow(row: Record<string, string | number | null>): FunnelRow {
  const firstSend = row.firstsend as string | null;
  const advisor = firstSend ? firstSend.slice(firstSend.indexOf(' ') + 1) : '';
  return {
    technicianId: (row.technician as string | null) ?? null,
    createdAt: row.created as string,
    firstSentAt: firstSend ? firstSend.slice(0, firstSend.indexOf(' ')) : null,
    advisorId: advisor === '' ? null : advisor,
    firstViewedAt: (row.viewed as string | null) ?? null,
    firstDecidedAt: (row.decided as string | null) ?? null,
    services: Number(row.services),
    approvedServices: Number(row.approvedservices),
    recommendedCents: Number(row.recommended),
    approvedCents: Number(row.approved),
    declinedCents: Number(row.declined),
  };
}

/** Display names of the users the report names. */
export async function userNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}
