import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createInspection, createInvoiceFor } from '@api/test/factories';
import { decideRecommendedService } from './service.service';

const t = await useTestApp();
const staff = await t.signIn('service_advisor');

const putService = (id: string, payload: object) =>
  staff.inject({ method: 'PUT', url: `/api/services/${id}`, payload });

/** An unpaid invoice on the inspection, so total recalculation can be observed. */
async function invoiceFor(
  inspection: { id: string; customerId: string; vehicleId: string; createdAt: string },
  status = 'draft',
) {
  const { id } = await createInvoiceFor(t.db, inspection, { status });
  return async () => {
    const row = await t.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return [row.subtotalCents, row.taxCents, row.totalCents];
  };
}

describe('POST /api/services', () => {
  it('adds a service (with parts) at the end of the list', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'First' }]);
    const res = await staff.inject({
      method: 'POST',
      url: '/api/services',
      payload: {
        inspectionId: inspection.id,
        description: 'Battery',
        laborCost: 30,
        partsCost: '999',
        partsLink: null,
        parts: [{ partName: 'Battery 12V', partCost: '149.99' }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      inspectionId: inspection.id,
      description: 'Battery',
      laborCost: '30.00',
      partsCost: '149.99',
      partsLink: null,
      status: 'recommended',
      parts: [{ partName: 'Battery 12V', partCost: '149.99', partUrl: null }],
    });
    const got = await staff.inject({ method: 'GET', url: `/api/inspections/${inspection.id}` });
    expect(got.json().services.map((s: { description: string }) => s.description)).toEqual(['First', 'Battery']);
  });

  it('takes the spec defaults and a client id once', async () => {
    const inspection = await createInspection(t.db);
    const id = randomUUID();
    const payload = { id, inspectionId: inspection.id, description: 'Wipers', laborCost: '', partsCost: null };
    const res = await staff.inject({ method: 'POST', url: '/api/services', payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id, laborCost: '0.00', partsCost: '0.00', status: 'recommended', parts: [] });
    const again = await staff.inject({ method: 'POST', url: '/api/services', payload });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: 'Service already exists' });
  });

  it('validates: description, amounts, status, unknown inspection', async () => {
    const inspection = await createInspection(t.db);
    const bad = await staff.inject({
      method: 'POST',
      url: '/api/services',
      payload: { inspectionId: inspection.id, description: ' ', laborCost: '4.5x', status: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'description', message: 'Description is required' },
        { path: 'laborCost', message: 'Please enter a valid amount (e.g., 45.00)' },
        { path: 'status', message: 'Status must be recommended, approved or declined' },
      ]),
    );
    const unknown = await staff.inject({
      method: 'POST',
      url: '/api/services',
      payload: { inspectionId: randomUUID(), description: 'x' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'bad_request', message: 'Inspection not found' });
    // DECIMAL(10,2): 99,999,999.99 is the largest cost; a cent more is refused.
    const largest = await staff.inject({
      method: 'POST',
      url: '/api/services',
      payload: { inspectionId: inspection.id, description: 'x', laborCost: '99999999.99' },
    });
    expect(largest.statusCode).toBe(201);
    expect(largest.json().laborCost).toBe('99999999.99');
    const huge = await staff.inject({
      method: 'POST',
      url: '/api/services',
      payload: { inspectionId: inspection.id, description: 'x', laborCost: '100000000.00' },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().issues).toEqual([{ path: 'laborCost', message: 'Please enter a valid amount (e.g., 45.00)' }]);
  });
});

describe('PUT /api/services/:id (staff status change and edits)', () => {
  it('approves, unapproves and declines, and unpaid invoices follow', async () => {
    const inspection = await createInspection(t.db, {}, [
      { description: 'Brakes', laborCostCents: 10000, parts: [{ partName: 'Pads', partCostCents: 2550 }] },
    ]);
    const totals = await invoiceFor(inspection);
    const paidTotals = await invoiceFor(inspection, 'paid');
    const url = `/api/services/${inspection.services[0]!.id}`;
    const approve = await staff.inject({ method: 'PUT', url, payload: { status: 'approved' } });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({
      status: 'approved',
      description: 'Brakes',
      partsCost: '25.50',
      laborCost: '100.00',
    });
    expect(await totals()).toEqual([12550, 1004, 13554]);
    expect(await paidTotals()).toEqual([0, 0, 0]);
    const back = await staff.inject({ method: 'PUT', url, payload: { status: 'recommended' } });
    expect(back.json().status).toBe('recommended');
    expect(await totals()).toEqual([0, 0, 0]);
    expect((await staff.inject({ method: 'PUT', url, payload: { status: 'declined' } })).json().status).toBe(
      'declined',
    );
  });

  it('changes only the fields sent; a service with parts keeps the parts sum', async () => {
    const inspection = await createInspection(t.db, {}, [
      { description: 'Tires', laborCostCents: 4000, parts: [{ partName: 'Tire', partCostCents: 10000 }] },
      { description: 'Labor only', partsCostCents: 500 },
    ]);
    const [tires, labor] = inspection.services;
    const res = await putService(tires!.id, { partsCost: 1, description: 'Four tires' });
    expect(res.json()).toMatchObject({
      description: 'Four tires',
      partsCost: '100.00',
      laborCost: '40.00',
      status: 'recommended',
    });
    const plain = await putService(labor!.id, { partsCost: '7.25', partsLink: 'https://p.test' });
    expect(plain.json()).toMatchObject({
      partsCost: '7.25',
      laborCost: '0.00',
      partsLink: 'https://p.test',
      description: 'Labor only',
    });
    const bad = await putService(labor!.id, { description: '', status: 'gone' });
    expect(bad.statusCode).toBe(400);
  });

  it('is 404 unknown, 400 malformed, 401 signed out', async () => {
    const unknown = await putService(randomUUID(), { status: 'approved' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Service not found' });
    expect((await putService('x', {})).statusCode).toBe(400);
    const inspection = await createInspection(t.db, {}, [{ description: 'x' }]);
    const signedOut = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${inspection.services[0]!.id}`,
      payload: { status: 'approved' },
    });
    expect(signedOut.statusCode).toBe(401);
    const row = await t.db
      .selectFrom('services')
      .select('status')
      .where('id', '=', inspection.services[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('recommended');
  });
});

describe('DELETE /api/services/:id and parts', () => {
  it('deletes a service with its parts (204); deleting it again is 410, an unknown id 404', async () => {
    const inspection = await createInspection(t.db, {}, [
      { description: 'x', status: 'approved', laborCostCents: 100, parts: [{ partName: 'p' }] },
    ]);
    const totals = await invoiceFor(inspection);
    const url = `/api/services/${inspection.services[0]!.id}`;
    await staff.inject({ method: 'PUT', url, payload: { status: 'approved' } });
    expect(await totals()).toEqual([100, 8, 108]);
    const res = await staff.inject({ method: 'DELETE', url });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await totals()).toEqual([0, 0, 0]);
    expect(
      await t.db.selectFrom('serviceParts').select('id').where('serviceId', '=', inspection.services[0]!.id).execute(),
    ).toEqual([]);
    // Anything addressed to a deleted row, a repeated delete included, is 410: the client drops it.
    const again = await staff.inject({ method: 'DELETE', url });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ error: 'gone', message: 'This service was deleted', gone: 'service' });
    expect((await staff.inject({ method: 'DELETE', url: `/api/services/${randomUUID()}` })).statusCode).toBe(404);
    expect((await staff.inject({ method: 'DELETE', url: '/api/services/nope' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
  });

  it('adds parts (201) and keeps partsCost the sum; deleting parts updates it', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'Brakes', partsCostCents: 5000 }]);
    const serviceId = inspection.services[0]!.id;
    const partId = randomUUID();
    const first = await staff.inject({
      method: 'POST',
      url: `/api/services/${serviceId}/parts`,
      payload: { id: partId, partName: 'Pads', partUrl: 'https://parts.test/pads', partCost: '45.10' },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      id: partId,
      serviceId,
      partName: 'Pads',
      partUrl: 'https://parts.test/pads',
      partCost: '45.10',
    });
    const dup = await staff.inject({
      method: 'POST',
      url: `/api/services/${serviceId}/parts`,
      payload: { id: partId, partName: 'Pads' },
    });
    expect(dup.statusCode).toBe(409);
    const second = await staff.inject({
      method: 'POST',
      url: `/api/services/${serviceId}/parts`,
      payload: { partName: 'Shims', partCost: 4.9 },
    });
    expect(second.json().partCost).toBe('4.90');
    const stored = async () =>
      (await t.db.selectFrom('services').select('partsCostCents').where('id', '=', serviceId).executeTakeFirstOrThrow())
        .partsCostCents;
    expect(await stored()).toBe(5000);
    const got = await staff.inject({ method: 'GET', url: `/api/inspections/${inspection.id}` });
    expect(got.json().services[0].parts.map((p: { partName: string }) => p.partName)).toEqual(['Pads', 'Shims']);

    const del = await staff.inject({ method: 'DELETE', url: `/api/services/${serviceId}/parts/${partId}` });
    expect(del.statusCode).toBe(204);
    expect(await stored()).toBe(490);
    expect(
      (await staff.inject({ method: 'DELETE', url: `/api/services/${serviceId}/parts/${partId}` })).statusCode,
    ).toBe(404);
    await staff.inject({ method: 'DELETE', url: `/api/services/${serviceId}/parts/${second.json().id}` });
    expect(await stored()).toBe(0);
  });

  it('validates parts and refuses a part of another service', async () => {
    const inspection = await createInspection(t.db, {}, [
      { description: 'a', parts: [{ partName: 'p' }] },
      { description: 'b' },
    ]);
    const [a, b] = inspection.services;
    const bad = await staff.inject({
      method: 'POST',
      url: `/api/services/${a!.id}/parts`,
      payload: { partName: '', partCost: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'partName', message: 'Part name is required' },
        { path: 'partCost', message: 'Please enter a valid amount (e.g., 45.00)' },
      ]),
    );
    const unknown = await staff.inject({
      method: 'POST',
      url: `/api/services/${randomUUID()}/parts`,
      payload: { partName: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const cross = await staff.inject({ method: 'DELETE', url: `/api/services/${b!.id}/parts/${a!.parts[0]!.id}` });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe('Part not found');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/services/${a!.id}/parts`, payload: { partName: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/services/${a!.id}/parts/${a!.parts[0]!.id}` })).statusCode,
    ).toBe(401);
  });
});

describe('decideRecommendedService', () => {
  const client = { address: '203.0.113.9', userAgent: 'Test browser' };

  it('approves once; two racing decisions give one success and one 409', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'Race', laborCostCents: 1000 }]);
    const totals = await invoiceFor(inspection);
    const args = { inspectionId: inspection.id, serviceId: inspection.services[0]!.id, client };
    const results = await Promise.allSettled([
      decideRecommendedService(t.db, { ...args, status: 'approved' }),
      decideRecommendedService(t.db, { ...args, status: 'approved' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.reason).toMatchObject({ statusCode: 409, message: 'This service has already been approved' });
    expect(await totals()).toEqual([1000, 80, 1080]);
  });

  it('is 404 for a service of another inspection and 409 once declined', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'x' }]);
    const other = await createInspection(t.db);
    const serviceId = inspection.services[0]!.id;
    await expect(
      decideRecommendedService(t.db, { inspectionId: other.id, serviceId, status: 'approved', client }),
    ).rejects.toMatchObject({
      statusCode: 404,
      message: 'Service not found',
    });
    const declined = await decideRecommendedService(t.db, {
      inspectionId: inspection.id,
      serviceId,
      status: 'declined',
      client,
    });
    expect(declined.status).toBe('declined');
    await expect(
      decideRecommendedService(t.db, { inspectionId: inspection.id, serviceId, status: 'approved', client }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'This service has already been declined',
    });
  });
});

describe('writes to a deleted service or inspection', () => {
  const serviceGone = { error: 'gone', message: 'This service was deleted', gone: 'service' };

  it('answer 410 for a deleted service: edit, status change, parts, and a create with its id', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'Brakes', parts: [{ partName: 'Pads' }] }]);
    const service = inspection.services[0]!;
    expect((await staff.inject({ method: 'DELETE', url: `/api/services/${service.id}` })).statusCode).toBe(204);
    const writes = [
      staff.inject({ method: 'PUT', url: `/api/services/${service.id}`, payload: { description: 'x' } }),
      staff.inject({ method: 'PUT', url: `/api/services/${service.id}`, payload: { status: 'approved' } }),
      staff.inject({ method: 'POST', url: `/api/services/${service.id}/parts`, payload: { partName: 'p' } }),
      staff.inject({ method: 'DELETE', url: `/api/services/${service.id}/parts/${service.parts[0]!.id}` }),
      staff.inject({
        method: 'POST',
        url: '/api/services',
        payload: { id: service.id, inspectionId: inspection.id, description: 'again' },
      }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode, res.body).toBe(410);
      expect(res.json()).toEqual(serviceGone);
    }
  });

  it('answer 410 for the services of an inspection deleted by cascade, and for a new service on it', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'Brakes' }]);
    expect((await staff.inject({ method: 'DELETE', url: `/api/vehicles/${inspection.vehicleId}` })).statusCode).toBe(
      204,
    );
    const edit = await putService(inspection.services[0]!.id, { status: 'approved' });
    expect(edit.statusCode).toBe(410);
    expect(edit.json()).toEqual(serviceGone);
    const create = await staff.inject({
      method: 'POST',
      url: '/api/services',
      payload: { inspectionId: inspection.id, description: 'x' },
    });
    expect(create.statusCode).toBe(410);
    expect(create.json()).toEqual({ error: 'gone', message: 'This inspection was deleted', gone: 'inspection' });

    const unknown = await putService(randomUUID(), { status: 'approved' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Service not found' });
  });
});
