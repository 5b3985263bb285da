import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalWriteError } from './apply-write';
import { LocalDb } from './local-db';
import { enqueue, mustWait, onEnqueued, pendingEntityIds, withDependents } from './outbox';
import { customerRow, uuid, vehicleRow } from '@web/test/offline/test-rows';
import type { LocalWrite, OutboxEntry } from './types';
import type * as Ids from '@shared/ids';

/** Ids the next entries take instead of new ones (a test forcing an entry id the outbox already holds). */
const nextIds = vi.hoisted((): string[] => []);
vi.mock('@shared/ids', async (importOriginal) => {
  const actual = await importOriginal<typeof Ids>();
  return { ...actual, newRowId: () => nextIds.shift() ?? actual.newRowId() };
});

const USER = uuid(900);
let db: LocalDb;
let n = 0;

beforeEach(() => {
  n += 1;
  db = new LocalDb(`outbox-test-${n}`);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

const addCustomer = (id: number, name: string): LocalWrite => ({
  kind: 'customer.create',
  id: uuid(id),
  body: { name, email: `c${id}@mail.test`, phone: '555' },
});

describe('enqueue', () => {
  it('applies the write and appends the entry that will send it', async () => {
    const entry = await enqueue(db, USER, addCustomer(1, 'Jane Doe'), 'Add customer Jane Doe');
    expect(await db.customers.get(uuid(1))).toMatchObject({ id: uuid(1), name: 'Jane Doe', status: 'active' });
    expect(await db.outbox.toArray()).toEqual([
      {
        seq: entry.seq,
        id: entry.id,
        userId: USER,
        write: addCustomer(1, 'Jane Doe'),
        entity: 'customer',
        entityId: uuid(1),
        dependsOn: [],
        label: 'Add customer Jane Doe',
        state: 'pending',
        attempts: 0,
        createdAt: entry.createdAt,
      },
    ]);
  });

  it('keeps the order of the writes', async () => {
    await enqueue(db, USER, addCustomer(1, 'A'), 'a');
    await enqueue(
      db,
      USER,
      { kind: 'vehicle.create', id: uuid(2), body: { customerId: uuid(1), year: 2020, make: 'Kia', model: 'Rio' } },
      'b',
    );
    await enqueue(db, USER, { kind: 'customer.update', id: uuid(1), changes: { name: 'B' } }, 'c');
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.label)).toEqual(['a', 'b', 'c']);
    expect(entries[1]?.dependsOn).toEqual([uuid(1)]);
    expect(await db.vehicles.get(uuid(2))).toMatchObject({ customerName: 'B' });
  });

  it('writes nothing when the write cannot apply', async () => {
    const orphan: LocalWrite = {
      kind: 'vehicle.create',
      id: uuid(2),
      body: { customerId: uuid(1), year: 2020, make: 'Kia', model: 'Rio' },
    };
    await expect(enqueue(db, USER, orphan, 'orphan')).rejects.toBeInstanceOf(LocalWriteError);
    await expect(
      enqueue(db, USER, { kind: 'customer.create', id: uuid(3), body: { name: '', email: 'x', phone: '' } }, 'bad'),
    ).rejects.toThrow('Invalid customer: Name is required');
    expect(await db.vehicles.count()).toBe(0);
    expect(await db.customers.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('is one transaction: when the entry cannot be stored, the row is not either', async () => {
    const first = await enqueue(db, USER, addCustomer(1, 'A'), 'a');
    // The same entry id again breaks the outbox's unique index after the row was already put.
    nextIds.push(first.id);
    await expect(enqueue(db, USER, addCustomer(2, 'B'), 'b')).rejects.toThrow();
    expect(await db.customers.get(uuid(2))).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });

  it('works inside a caller’s transaction, and tells listeners which tables changed', async () => {
    const heard: [string, string[]][] = [];
    const off = onEnqueued(db, (entry, changed) => heard.push([entry.label, changed]));
    await db.transaction('rw', db.tables, async () => {
      await db.customers.put(customerRow(1));
      await enqueue(db, USER, { kind: 'customer.delete', id: uuid(1) }, 'Delete customer');
    });
    off();
    await enqueue(db, USER, addCustomer(5, 'Later'), 'not heard');
    expect(heard).toEqual([['Delete customer', ['customer']]]);
    expect(await db.customers.get(uuid(1))).toBeUndefined();
  });

  it('survives closing and reopening the database', async () => {
    await enqueue(db, USER, addCustomer(1, 'A'), 'a');
    await enqueue(db, USER, { kind: 'customer.update', id: uuid(1), changes: { phone: '1' } }, 'b');
    db.close();
    const reopened = new LocalDb(`outbox-test-${n}`);
    expect((await reopened.outbox.orderBy('seq').toArray()).map((e) => [e.label, e.state])).toEqual([
      ['a', 'pending'],
      ['b', 'pending'],
    ]);
    expect(await reopened.customers.get(uuid(1))).toMatchObject({ phone: '1' });
    reopened.close();
    await db.open();
  });
});

describe('pendingEntityIds', () => {
  it('lists each row with unsent entries once', async () => {
    const jane = customerRow(1);
    await db.customers.put(jane);
    await db.vehicles.put(vehicleRow(2, jane));
    await enqueue(db, USER, { kind: 'customer.update', id: uuid(1), changes: { phone: '1' } }, 'a');
    await enqueue(db, USER, { kind: 'customer.update', id: uuid(1), changes: { phone: '2' } }, 'b');
    await enqueue(db, USER, { kind: 'vehicle.update', id: uuid(2), changes: { color: 'Red' } }, 'c');
    expect(await pendingEntityIds(db)).toEqual(new Set([uuid(1), uuid(2)]));
  });
});

describe('dependencies', () => {
  let seq = 0;
  const entry = (
    write: LocalWrite,
    entityId: string,
    dependsOn: string[] = [],
    state: OutboxEntry['state'] = 'pending',
  ): OutboxEntry => ({
    seq: ++seq,
    id: `e${seq}`,
    userId: USER,
    write,
    entity: 'customer',
    entityId,
    dependsOn,
    label: `e${seq}`,
    state,
    attempts: 0,
    createdAt: '2026-03-01T00:00:00.000Z',
  });

  it('drops with a create the later changes to its row and the rows made under it, transitively', () => {
    const create = entry(addCustomer(1, 'A'), uuid(1));
    const edit = entry({ kind: 'customer.update', id: uuid(1), changes: { phone: '1' } }, uuid(1));
    const other = entry(addCustomer(2, 'B'), uuid(2));
    const vehicle = entry(
      { kind: 'vehicle.create', id: uuid(3), body: { customerId: uuid(1), year: 2020, make: 'A', model: 'B' } },
      uuid(3),
      [uuid(1)],
    );
    const inspection = entry(
      { kind: 'inspection.create', id: uuid(4), body: { customerId: uuid(2), vehicleId: uuid(3) } },
      uuid(4),
      [uuid(2), uuid(3)],
    );
    const all = [create, edit, other, vehicle, inspection];
    expect(withDependents(all, create.id).map((e) => e.id)).toEqual([create.id, edit.id, vehicle.id, inspection.id]);
    // An edit has no dependents: later edits of the row stand on their own.
    expect(withDependents(all, edit.id).map((e) => e.id)).toEqual([edit.id]);
    expect(withDependents(all, 'unknown')).toEqual([]);
  });

  it('makes later entries on the rows of an attention entry wait, and only those', () => {
    const blocked = new Set<string>();
    const stuck = entry(addCustomer(1, 'A'), uuid(1), [], 'attention');
    expect(mustWait(stuck, blocked)).toBe(true);
    expect(
      mustWait(
        entry(
          { kind: 'vehicle.create', id: uuid(3), body: { customerId: uuid(1), year: 2020, make: 'A', model: 'B' } },
          uuid(3),
          [uuid(1)],
        ),
        blocked,
      ),
    ).toBe(true);
    // Waiting spreads to what needs the waiting vehicle.
    expect(
      mustWait(
        entry({ kind: 'inspection.create', id: uuid(4), body: { customerId: uuid(2), vehicleId: uuid(3) } }, uuid(4), [
          uuid(3),
        ]),
        blocked,
      ),
    ).toBe(true);
    expect(mustWait(entry(addCustomer(2, 'B'), uuid(2)), blocked)).toBe(false);
  });

  it('lets later changes to an inspection go past a send of its link that needs attention', () => {
    const blocked = new Set<string>();
    const send = entry(
      { kind: 'share.send', inspectionId: uuid(4), body: { id: uuid(5), channel: 'text' } },
      uuid(4),
      [uuid(4)],
      'attention',
    );
    expect(mustWait(send, blocked)).toBe(true);
    expect(
      mustWait(
        entry({ kind: 'inspection.update', id: uuid(4), changes: { notes: 'Checked again' } }, uuid(4)),
        blocked,
      ),
    ).toBe(false);
  });
});
