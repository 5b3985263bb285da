import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';

/** Half-open span of inspection creation instants (ISO strings). */
export interface Span {
  from: string;
  to: string;
}

// The inspections of the span, each with its first send that did not fail and that send's user.
// Both subqueries read share_sends_inspection (inspection_id, sent_at).
function scope(span: Span): RawBuilder<unknown> {
  return sql`
    select i.id, i.technician_id,
      (select min(s.sent_at) from share_sends s
        where s.inspection_id = i.id and s.status <> 'failed') as first_sent_at,
      (select s.user_id from share_sends s
        where s.inspection_id = i.id and s.status <> 'failed'
        order by s.sent_at, s.id limit 1) as advisor_id
    from inspections i
    where i.created_at >= ${span.from} and i.created_at < ${span.to}`;
}

// A service's amount as the app computes it: labour plus its parts, or its parts cost without parts.
const AMOUNT = sql`(s.labor_cost_cents + coalesce(
  (select sum(p.part_cost_cents) from service_parts p where p.service_id = s.id), s.parts_cost_cents))`;
// What the customer agreed to: the amount at approval when recorded, else today's amount.
const APPROVED = sql`(case when s.status = 'approved' then coalesce(s.approved_amount_cents, ${AMOUNT}) else 0 end)`;

// Services of the span's inspections, summed per inspection (services_inspection_id).
function money(span: Span): RawBuilder<unknown> {
  return sql`
    select s.inspection_id,
      count(*) as services,
      sum(case when s.status = 'approved' then 1 else 0 end) as approved_services,
      sum(${AMOUNT}) as recommended_cents,
      sum(${APPROVED}) as approved_cents,
      sum(case when s.status = 'declined' then ${AMOUNT} else 0 end) as declined_cents
    from services s join inspections i on i.id = s.inspection_id
    where i.created_at >= ${span.from} and i.created_at < ${span.to}
    group by s.inspection_id`;
}

/** Additive figures of one technician × advisor pair (advisor null with sent 1: a deleted user). */
export interface GroupRow {
  technicianId: string | null;
  advisorId: string | null;
  sent: number;
  inspections: number;
  viewed: number;
  services: number;
  approvedServices: number;
  recommendedCents: number;
  approvedCents: number;
  declinedCents: number;
  approvedInspections: number;
}

export async function funnelGroups(db: Db, span: Span): Promise<GroupRow[]> {
  const { rows } = await sql<Record<string, number | string | null>>`
    with scope as (${scope(span)}), money as (${money(span)})
    select sc.technician_id as technician, sc.advisor_id as advisor,
      case when sc.first_sent_at is null then 0 else 1 end as sent,
      count(*) as inspections,
      sum(case when sc.first_sent_at is not null and v.target_id is not null then 1 else 0 end) as viewed,
      coalesce(sum(m.services), 0) as services,
      coalesce(sum(m.approved_services), 0) as approvedservices,
      coalesce(sum(m.recommended_cents), 0) as recommended,
      coalesce(sum(m.approved_cents), 0) as approved,
      coalesce(sum(m.declined_cents), 0) as declined,
      sum(case when m.approved_services > 0 then 1 else 0 end) as approvedinspections
    from scope sc
    left join money m on m.inspection_id = sc.id
    left join share_views v on v.target_kind = 'inspection' and v.target_id = sc.id
    group by sc.technician_id, sc.advisor_id, case when sc.first_sent_at is null then 0 else 1 end`.execute(db);
  return rows.map((row) => ({
    technicianId: (row.technician as string | null) ?? null,
    advisorId: (row.advisor as string | null) ?? null,
    sent: Number(row.sent),
    inspections: Number(row.inspections),
    viewed: Number(row.viewed),
    services: Number(row.services),
    approvedServices: Number(row.approvedservices),
    recommendedCents: Number(row.recommended),
    approvedCents: Number(row.approved),
    declinedCents: Number(row.declined),
    approvedInspections: Number(row.approvedinspections),
  }));
}

/** A sent inspection's moments: first send, first view, first decision at or after the send. */
export interface TimingRow {
  technicianId: string | null;
  advisorId: string | null;
  firstSentAt: string;
  firstViewedAt: string | null;
  firstDecidedAt: string | null;
}

export async function funnelTimings(db: Db, span: Span): Promise<TimingRow[]> {
  const { rows } = await sql<Record<string, string | null>>`
    with scope as (${scope(span)})
    select sc.technician_id as technician, sc.advisor_id as advisor, sc.first_sent_at as sent,
      v.first_viewed_at as viewed,
      (select min(d.decided_at) from service_decisions d
        where d.inspection_id = sc.id and d.decision in ('approved', 'declined')
          and d.decided_at >= sc.first_sent_at) as decided
    from scope sc
    left join share_views v on v.target_kind = 'inspection' and v.target_id = sc.id
    where sc.first_sent_at is not null`.execute(db);
  return rows.map((row) => ({
    technicianId: row.technician ?? null,
    advisorId: row.advisor ?? null,
    firstSentAt: row.sent!,
    firstViewedAt: row.viewed ?? null,
    firstDecidedAt: row.decided ?? null,
  }));
}

/**
 * Approved cents per UTC hour of inspection creation, each hour split at the given minutes (where
 * a zone's local days begin off the hour), so every bucket lies inside one local day.
 */
export async function approvedByHour(
  db: Db,
  span: Span,
  splitMinutes: number[],
): Promise<{ hour: string; split: number; approvedCents: number }[]> {
  const minute = sql`substr(i.created_at, 15, 2)`;
  const split = splitMinutes.length
    ? sql.join(splitMinutes.map((m) => sql`case when ${minute} >= ${String(m).padStart(2, '0')} then 1 else 0 end`), sql` + `)
    : sql`0`;
  const { rows } = await sql<Record<string, number | string>>`
    select substr(i.created_at, 1, 13) as hour, ${split} as split, sum(${APPROVED}) as approved
    from services s join inspections i on i.id = s.inspection_id
    where i.created_at >= ${span.from} and i.created_at < ${span.to} and s.status = 'approved'
    group by 1, 2`.execute(db);
  return rows.map((row) => ({ hour: String(row.hour), split: Number(row.split), approvedCents: Number(row.approved) }));
}

/** Display names of the users the report names. */
export async function userNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}
