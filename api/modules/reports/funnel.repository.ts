import { sql } from 'kysely';
import { isPostgres, type Db } from '@api/db/database';
import { jsonArray } from '@api/db/json-rows';

/** Half-open span of inspection creation instants (ISO strings). */
export interface Span {
  from: string;
  to: string;
}

/**
 * One inspection of the span as the report reads it from its summary row (times as ISO text, the
 * users null when none or deleted). An array, not an object: a year is 30,000 of them, all made
 * by one JSON.parse.
 */
export type FunnelRow = [
  technicianId: string | null,
  createdAt: string,
  /** The first send that did not fail, and its user (null: a deleted user). */
  firstSentAt: string | null,
  advisorId: string | null,
  firstViewedAt: string | null,
  /** The first approve or decline at or after the first send. */
  firstDecidedAt: string | null,
  services: number,
  approvedServices: number,
  recommendedCents: number,
  approvedCents: number,
  declinedCents: number,
];

// In the order of FunnelRow and of the covering index (2026-11-25T06-00-inspection-funnel).
const COLUMNS = sql.raw(
  'technician_id, created_at, first_sent_at, advisor_id, first_viewed_at, first_decided_at, ' +
    'services, approved_services, recommended_cents, approved_cents, declined_cents',
);

/**
 * The span's rows of `inspection_funnel`, the per-inspection summary every write keeps in step
 * (api/db/inspection-funnel.ts): one range scan of its covering index, all rows as one JSON text
 * (one native call and one JSON.parse instead of a JavaScript value per cell).
 */
export async function funnelRows(db: Db, span: Span): Promise<FunnelRow[]> {
  const { rows } = await funnelRowsQuery(span, isPostgres(db)).execute(db.withoutPlugins());
  const value = rows[0]?.rows ?? null;
  // PostgreSQL's driver parses json itself; json_agg of no rows is null.
  if (value === null) return [];
  return typeof value === 'string' ? (JSON.parse(value) as FunnelRow[]) : value;
}

/** The statement alone, e.g. to read its plan with EXPLAIN. */
export function funnelRowsQuery(span: Span, postgres: boolean) {
  const row = jsonArray(postgres, COLUMNS);
  const cells = postgres ? sql`json_agg(${row})` : sql`json_group_array(${row})`;
  return sql<{ rows: string | FunnelRow[] | null }>`
    select ${cells} as rows from inspection_funnel
    where created_at >= ${span.from} and created_at < ${span.to}`;
}

/** Display names of the users the report names. */
export async function userNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}
