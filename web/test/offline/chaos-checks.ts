import type { Client } from '@api/test/app';
import type { Customer } from '@shared/schemas/customer';
import type { Inspection } from '@shared/schemas/inspection';
import type { Vehicle } from '@shared/schemas/vehicle';
import type { Device } from './chaos-network';
import { sameValue } from '@web/offline/local-rows';
import { mustWait } from '@web/offline/outbox';

// The chaos test's checks of devices against the server; each returns the broken invariant or null.

export async function serverRows(
  admin: Client,
): Promise<{ customers: Customer[]; vehicles: Vehicle[]; inspections: Inspection[] }> {
  const list = async <T>(url: string): Promise<T[]> => {
    const res = await admin.inject({ method: 'GET', url });
    if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}`);
    return res.json() as T[];
  };
  const [customers, vehicles, inspections] = await Promise.all([
    list<Customer>('/api/customers'),
    list<Vehicle>('/api/vehicles'),
    list<Inspection>('/api/inspections'),
  ]);
  return { customers, vehicles, inspections };
}

const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));

/** The first difference between a device's tables and the server's rows, or null. */
export async function deviceDifference(
  device: Device,
  server: Awaited<ReturnType<typeof serverRows>>,
): Promise<string | null> {
  const local = {
    customers: await device.db.customers.toArray(),
    vehicles: await device.db.vehicles.toArray(),
    inspections: await device.db.inspections.toArray(),
  };
  for (const table of ['customers', 'vehicles', 'inspections'] as const) {
    const mine = byId<{ id: string }>(local[table]);
    const theirs = byId<{ id: string }>(server[table]);
    for (const [id, row] of theirs) {
      if (!mine.has(id)) return `device ${device.index} is missing ${table} ${id} after the final pull`;
      if (!sameValue(mine.get(id), row))
        return `device ${device.index} has ${table} ${id} as ${JSON.stringify(mine.get(id))}, the server as ${JSON.stringify(row)}`;
    }
    for (const id of mine.keys()) {
      if (!theirs.has(id))
        return `invariant 5: device ${device.index} still has ${table} ${id}, which the server does not`;
    }
  }
  return null;
}

/** Invariant 5 as the run goes: after a completed pull, nothing deleted before it is on the device. */
export async function resurrected(device: Device): Promise<string | null> {
  const deletions = device.pulledDeletions;
  if (!deletions) return null;
  device.pulledDeletions = null;
  for (const table of [device.db.customers, device.db.vehicles, device.db.inspections]) {
    for (const id of (await table.toCollection().primaryKeys()) as string[]) {
      if (deletions.has(id))
        return `invariant 5: device ${device.index} still shows deleted ${table.name} ${id} after a pull`;
    }
  }
  return null;
}

/**
 * Invariant 7 once the network healed and every device is quiet: each entry was applied (its key
 * committed), waits in the sync panel, or was dropped after a 410 (its own or one it needed).
 */
export async function silentlyDropped(device: Device, committed: (key: string) => boolean): Promise<string | null> {
  const outbox = await device.db.outbox.orderBy('seq').toArray();
  const blocked = new Set<string>();
  for (const entry of outbox) {
    if (!mustWait(entry, blocked))
      return `invariant 7: device ${device.index} still has "${entry.label}" pending after the network healed`;
  }
  const waiting = new Set(outbox.map((e) => e.id));
  const goneRows = new Set(device.entries.filter((e) => device.goneKeys.has(e.id)).map((e) => e.entityId));
  for (const entry of device.entries) {
    if (committed(entry.id) || waiting.has(entry.id)) continue;
    if (goneRows.has(entry.entityId) || entry.dependsOn.some((id) => goneRows.has(id))) {
      goneRows.add(entry.entityId);
      continue;
    }
    return `invariant 7: device ${device.index} dropped "${entry.label}" silently`;
  }
  const told = device.entries.filter((e) => device.goneKeys.has(e.id) && !e.write.kind.endsWith('.delete')).length;
  if (device.notices.length !== told)
    return `invariant 7: device ${device.index} showed ${device.notices.length} notices for ${told} changes answered 410`;
  return null;
}

/** Invariant 3's "in outbox order": a device's changes reached the server in the order it made them. */
export function outOfOrder(device: Device, commitOrder: readonly string[]): string | null {
  const position = new Map(device.entries.map((e, i) => [e.id, i]));
  let last = -1;
  for (const key of commitOrder) {
    const at = position.get(key);
    if (at === undefined) continue;
    if (at < last)
      return `invariant 3: device ${device.index}'s "${device.entries[at]?.label}" reached the server after a later change`;
    last = at;
  }
  return null;
}
