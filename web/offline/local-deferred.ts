import type { DeferredSort, DeferredStatus, DeferredWork } from '@shared/schemas/deferred';
import type { ListResult } from '@web/lib/api-client';
import type { LocalDb } from './local-db';

// `GET /api/deferred-work` over the local copy: the same filters, order and paging, so the
// "Deferred work" screen and the inspection's "Previously declined" list work offline.

export interface LocalDeferredQuery {
  q?: string | undefined;
  status?: DeferredStatus | 'all' | undefined;
  sort?: DeferredSort | undefined;
  vehicleId?: string | undefined;
  customerId?: string | undefined;
  minAmountCents?: number | undefined;
  followUpDueBy?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const ORDERS: Record<DeferredSort, (a: DeferredWork, b: DeferredWork) => number> = {
  age: (a, b) => compareText(a.inspectedAt, b.inspectedAt) || compareText(a.id, b.id),
  value: (a, b) => b.amountCents - a.amountCents || compareText(b.id, a.id),
  customer: (a, b) =>
    compareText(a.customerName.toLowerCase(), b.customerName.toLowerCase()) ||
    compareText(a.inspectedAt, b.inspectedAt) ||
    compareText(a.id, b.id),
};

/** The line with its customer's and vehicle's current names from this device (edited offline, too). */
async function withCurrentNames(db: LocalDb, lines: DeferredWork[]): Promise<DeferredWork[]> {
  const customers = await db.customers.bulkGet([...new Set(lines.map((l) => l.customerId))]);
  const vehicles = await db.vehicles.bulkGet([...new Set(lines.map((l) => l.vehicleId))]);
  const customerById = new Map(customers.flatMap((c) => (c ? [[c.id, c] as const] : [])));
  const vehicleById = new Map(vehicles.flatMap((v) => (v ? [[v.id, v] as const] : [])));
  return lines.map((line) => {
    const customer = customerById.get(line.customerId);
    const vehicle = vehicleById.get(line.vehicleId);
    return {
      ...line,
      customerName: customer?.name ?? line.customerName,
      customerPhone: customer?.phone ?? line.customerPhone,
      vehicleLabel: vehicle
        ? [vehicle.year, vehicle.make, vehicle.model].filter((p) => p !== null && p !== '').join(' ')
        : line.vehicleLabel,
    };
  });
}

export async function listLocalDeferred(db: LocalDb, query: LocalDeferredQuery): Promise<ListResult<DeferredWork>> {
  const status = query.status ?? 'open';
  // The vehicle index for the inspection's list, the status index for the screen.
  const rows = query.vehicleId
    ? await db.deferred.where('vehicleId').equals(query.vehicleId).toArray()
    : status === 'all'
      ? await db.deferred.toArray()
      : await db.deferred.where('status').equals(status).toArray();
  const lines = await withCurrentNames(db, rows);
  const needle = (query.q ?? '').trim().toLowerCase();
  const vehicleText = new Map(
    (await db.vehicles.bulkGet([...new Set(lines.map((l) => l.vehicleId))])).flatMap((v) =>
      v ? [[v.id, [v.make, v.model]] as const] : [],
    ),
  );
  const filtered = lines.filter((line) => {
    if (status !== 'all' && line.status !== status) return false;
    if (query.customerId && line.customerId !== query.customerId) return false;
    if (query.minAmountCents !== undefined && line.amountCents < query.minAmountCents) return false;
    if (query.followUpDueBy && !(line.followUpDate && line.followUpDate <= query.followUpDueBy)) return false;
    if (!needle) return true;
    const texts = [
      line.description,
      line.customerName,
      line.customerPhone,
      ...(vehicleText.get(line.vehicleId) ?? [line.vehicleLabel]),
    ];
    return texts.some((text) => text.toLowerCase().includes(needle));
  });
  filtered.sort(ORDERS[query.sort ?? 'age']);
  const start = query.offset ?? 0;
  return {
    items: filtered.slice(start, query.limit === undefined ? undefined : start + query.limit),
    total: filtered.length,
  };
}
