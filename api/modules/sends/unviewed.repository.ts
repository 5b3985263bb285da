import type { Db } from '@api/db/database';
import { ownerTable, type TargetKind } from './send.repository';

/** Sends older than this are history, not something to chase today. */
export const UNVIEWED_WINDOW_DAYS = 7;
const MAX_ITEMS = 50;

export interface UnviewedRow {
  id: string;
  customerName: string;
  year: number | null;
  make: string | null;
  model: string | null;
  sentAt: string;
}

/**
 * Inspections or invoices whose first send (failed emails aside) lies between `since` and `cutoff`
 * and whose share page was never viewed. Reads the sends through their `sent_at` index.
 */
export function listUnviewed(db: Db, kind: TargetKind, since: string, cutoff: string): Promise<UnviewedRow[]> {
  const column = kind === 'inspection' ? 'shareSends.inspectionId' : 'shareSends.invoiceId';
  const firstSends = db
    .selectFrom('shareSends')
    .select((eb) => [eb.ref(column).$notNull().as('targetId'), eb.fn.min('shareSends.sentAt').as('sentAt')])
    .where('shareSends.sentAt', '>=', since)
    .where(column, 'is not', null)
    .where('shareSends.status', '<>', 'failed')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('shareViews')
            .select('shareViews.targetId')
            .where('shareViews.targetKind', '=', kind)
            .whereRef('shareViews.targetId', '=', column),
        ),
      ),
    )
    .groupBy(column)
    .having((eb) => eb.fn.min('shareSends.sentAt'), '<=', cutoff)
    .as('f');
  const owner = ownerTable(kind);
  return db
    .selectFrom(firstSends)
    .innerJoin(owner, `${owner}.id`, 'f.targetId')
    .innerJoin('customers', 'customers.id', `${owner}.customerId`)
    .leftJoin('vehicles', 'vehicles.id', `${owner}.vehicleId`)
    .select([
      'f.targetId as id',
      'f.sentAt',
      'customers.name as customerName',
      'vehicles.year',
      'vehicles.make',
      'vehicles.model',
    ])
    .orderBy('f.sentAt')
    .limit(MAX_ITEMS)
    .execute() as Promise<UnviewedRow[]>;
}
