import { sql } from 'kysely';
import type { Db } from '@api/db/database';

/** Half-open span of creation instants, as ISO strings; `to` undefined means "up to now and on". */
export interface Span {
  from: string;
  to?: string | undefined;
}

// A conditional sum counts one span inside the same query as the total (portable SQL).
function countIn(span: Span) {
  const createdAt = sql.ref('createdAt');
  const upper = span.to === undefined ? sql`1 = 1` : sql`${createdAt} < ${span.to}`;
  return sql<number | string | null>`sum(case when ${createdAt} >= ${span.from} and ${upper} then 1 else 0 end)`;
}

export interface CustomerCounts {
  total: number;
  recent: number;
  previous: number;
}

export async function countCustomers(db: Db, recent: Span, previous: Span): Promise<CustomerCounts> {
  const row = await db
    .selectFrom('customers')
    .select((eb) => [eb.fn.countAll().as('total'), countIn(recent).as('recent'), countIn(previous).as('previous')])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), recent: Number(row.recent ?? 0), previous: Number(row.previous ?? 0) };
}

export interface InspectionCounts extends CustomerCounts {
  today: number;
  pending: number;
}

export async function countInspections(db: Db, today: Span, recent: Span, previous: Span): Promise<InspectionCounts> {
  const row = await db
    .selectFrom('inspections')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      countIn(today).as('today'),
      sql<number | string | null>`sum(case when ${sql.ref('status')} = ${'in_progress'} then 1 else 0 end)`.as(
        'pending',
      ),
      countIn(recent).as('recent'),
      countIn(previous).as('previous'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    today: Number(row.today ?? 0),
    pending: Number(row.pending ?? 0),
    recent: Number(row.recent ?? 0),
    previous: Number(row.previous ?? 0),
  };
}
