import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@api/app';
import { testConfig, useTestApp, type Client } from '@api/test/app';
import { createCustomer, createInspection } from '@api/test/factories';
import { canonicalJson, pruneIdempotencyKeys } from './idempotency';

const t = await useTestApp();
const advisor = await t.signIn('service_advisor');
const tech = await t.signIn('technician');

const DAY_MS = 24 * 60 * 60 * 1000;

function send(client: Client, key: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return client.inject({ method, url, headers: { 'idempotency-key': key }, ...(payload ? { payload } : {}) });
}

const newCustomer = (name: string) => ({ name, email: `${name.toLowerCase()}@mail.test`, phone: '555-0101' });

async function customersNamed(name: string) {
  return t.db.selectFrom('customers').select('id').where('name', '=', name).execute();
}

async function storedKeys(key: string) {
  return t.db.selectFrom('idempotencyKeys').selectAll().where('key', '=', key).execute();
}

describe('Idempotency-Key on staff writes', () => {
  it('replays a repeated create: one row, the same status and body, marked as replayed', async () => {
    const key = randomUUID();
    const first = await send(advisor, key, 'POST', '/api/customers', newCustomer('Repeat'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await send(advisor, key, 'POST', '/api/customers', newCustomer('Repeat'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await customersNamed('Repeat')).toEqual([{ id: first.json().id }]);
    expect(await storedKeys(key)).toMatchObject([{ userId: advisor.user.id, statusCode: 201, body: first.body }]);
  });

  it('runs a request sent twice at once only once: the other is 409 or the replay', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([
      send(advisor, key, 'POST', '/api/customers', newCustomer('Twice')),
      send(advisor, key, 'POST', '/api/customers', newCustomer('Twice')),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const created = a.statusCode === 201 ? a : b;
    const other = created === a ? b : a;
    if (other.statusCode === 409) {
      expect(other.json()).toEqual({
        error: 'conflict',
        message: 'A request with this Idempotency-Key is still being processed',
        reason: 'in_flight',
      });
    } else {
      expect(other.body).toBe(created.body);
    }
    expect(await customersNamed('Twice')).toHaveLength(1);
    expect(await storedKeys(key)).toHaveLength(1);
  });

  it('lets one of two server processes racing on a key win; the other replays its answer', async () => {
    const second = await buildApp({ config: testConfig(), db: t.db });
    try {
      const key = randomUUID();
      const request = {
        method: 'POST' as const,
        url: '/api/customers',
        headers: { cookie: advisor.cookie, 'idempotency-key': key },
        payload: newCustomer('Racer'),
      };
      const [a, b] = await Promise.all([t.app.inject(request), second.inject(request)]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(b.body).toBe(a.body);
      expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
      expect(await customersNamed('Racer')).toEqual([{ id: a.json().id }]);
    } finally {
      await second.close();
    }
  });

  it('refuses the same key for a different request with 422 and changes nothing', async () => {
    const key = randomUUID();
    const first = await send(advisor, key, 'POST', '/api/customers', newCustomer('Original'));
    expect(first.statusCode).toBe(201);
    const other = await send(advisor, key, 'POST', '/api/customers', newCustomer('Different'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      error: 'unprocessable',
      message: 'This Idempotency-Key was already used for a different request',
    });
    expect(await customersNamed('Different')).toEqual([]);
    // Same body to another path is a different request too.
    const put = await send(advisor, key, 'PUT', `/api/customers/${first.json().id}`, newCustomer('Original'));
    expect(put.statusCode).toBe(422);
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }),
    );
    const key = randomUUID();
    const first = await send(advisor, key, 'POST', '/api/customers', {
      name: 'Ordered',
      email: 'o@mail.test',
      phone: '1',
    });
    const again = await send(advisor, key, 'POST', '/api/customers', {
      phone: '1',
      email: 'o@mail.test',
      name: 'Ordered',
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it("keeps each user's keys apart: another user's same key runs and never sees the first answer", async () => {
    const key = randomUUID();
    const mine = await send(advisor, key, 'POST', '/api/customers', newCustomer('Scoped'));
    const theirs = await send(tech, key, 'POST', '/api/customers', newCustomer('Scoped'));
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await customersNamed('Scoped')).toHaveLength(2);

    // A different request under a key someone else used is no reuse either.
    const otherKey = randomUUID();
    expect((await send(advisor, otherKey, 'POST', '/api/customers', newCustomer('First'))).statusCode).toBe(201);
    const different = await send(tech, otherKey, 'POST', '/api/customers', newCustomer('Second'));
    expect(different.statusCode).toBe(201);
    expect(different.json().name).toBe('Second');
    expect((await storedKeys(key)).map((k) => k.userId).sort()).toEqual([advisor.user.id, tech.user.id].sort());
  });

  it('stores a refusal (4xx) and replays it, even once the request would now succeed', async () => {
    const key = randomUUID();
    const customerId = randomUUID();
    const vehicle = { customerId, year: 2019, make: 'Mazda', model: '3' };
    const refused = await send(advisor, key, 'POST', '/api/vehicles', vehicle);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'bad_request', message: 'Customer not found' });

    await createCustomer(t.db, { id: customerId });
    const again = await send(advisor, key, 'POST', '/api/vehicles', vehicle);
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(refused.body);
    expect(await t.db.selectFrom('vehicles').select('id').where('customerId', '=', customerId).execute()).toEqual([]);
  });

  it('rolls back the whole effect of a refused write, and keeps only the refusal', async () => {
    const inspection = await createInspection(t.db, { notes: 'before' });
    const other = await createInspection(t.db, {}, [{ description: 'Not yours' }]);
    const key = randomUUID();
    const url = `/api/inspections/${inspection.id}`;
    const body = { notes: 'after', services: [{ id: other.services[0]!.id, description: 'Taken' }] };
    const res = await send(advisor, key, 'PUT', url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Service ${other.services[0]!.id} belongs to another inspection`);
    const row = await t.db
      .selectFrom('inspections')
      .select('notes')
      .where('id', '=', inspection.id)
      .executeTakeFirstOrThrow();
    expect(row.notes).toBe('before');
    expect(await storedKeys(key)).toMatchObject([{ statusCode: 400, body: res.body }]);
  });

  it('replays a delete as 204 with no body', async () => {
    const customer = await createCustomer(t.db);
    const key = randomUUID();
    const first = await send(advisor, key, 'DELETE', `/api/customers/${customer.id}`);
    expect(first.statusCode).toBe(204);
    const again = await send(advisor, key, 'DELETE', `/api/customers/${customer.id}`);
    expect(again.statusCode).toBe(204);
    expect(again.body).toBe('');
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('commits the write through the same transaction when a service opens its own', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'Brakes', laborCostCents: 10000 }]);
    const key = randomUUID();
    const url = `/api/services/${inspection.services[0]!.id}`;
    const first = await send(advisor, key, 'PUT', url, { status: 'approved' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'approved', laborCost: '100.00' });
    // Unapproved without a key, then the lost response's retry: replayed, not approved again.
    expect((await advisor.inject({ method: 'PUT', url, payload: { status: 'recommended' } })).statusCode).toBe(200);
    const retry = await send(advisor, key, 'PUT', url, { status: 'approved' });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    const row = await t.db
      .selectFrom('services')
      .select('status')
      .where('id', '=', inspection.services[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('recommended');
  });

  it('answers 400 for a key that is empty, too long or not visible ASCII, and runs nothing', async () => {
    for (const key of ['', 'x'.repeat(256), 'has space', 'naïve']) {
      const res = await send(advisor, key, 'POST', '/api/customers', newCustomer('Badkey'));
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toEqual({
        error: 'bad_request',
        message: 'Idempotency-Key must be 1 to 255 visible characters',
      });
    }
    expect(await customersNamed('Badkey')).toEqual([]);
    const longest = await send(advisor, '~'.repeat(255), 'POST', '/api/customers', newCustomer('Longkey'));
    expect(longest.statusCode).toBe(201);
  });

  it('leaves requests without the header as they were', async () => {
    const a = await advisor.inject({ method: 'POST', url: '/api/customers', payload: newCustomer('Nokey') });
    const b = await advisor.inject({ method: 'POST', url: '/api/customers', payload: newCustomer('Nokey') });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await customersNamed('Nokey')).toHaveLength(2);
  });

  it('forgets keys after 30 days, so the same key then runs again', async () => {
    const key = randomUUID();
    expect((await send(advisor, key, 'POST', '/api/customers', newCustomer('Aged'))).statusCode).toBe(201);
    expect(await pruneIdempotencyKeys(t.db, new Date(Date.now() + 29 * DAY_MS))).toBe(0);
    expect(await storedKeys(key)).toHaveLength(1);
    expect(await pruneIdempotencyKeys(t.db, new Date(Date.now() + 31 * DAY_MS))).toBeGreaterThanOrEqual(1);
    expect(await storedKeys(key)).toEqual([]);
    const again = await send(advisor, key, 'POST', '/api/customers', newCustomer('Aged'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await customersNamed('Aged')).toHaveLength(2);
  });
});
