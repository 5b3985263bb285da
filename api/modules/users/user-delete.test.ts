import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection, createUser, createVehicle } from '@api/test/factories';

const t = await useTestApp();
const UNKNOWN_ID = '3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00';
const LAST_ADMIN = { error: 'conflict', message: 'At least one administrator is required' };

const roleOf = async (id: string) =>
  (await t.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;

describe('DELETE /api/users/:id', () => {
  it('deletes the user and their sessions; their customers, vehicles and inspections stay', async () => {
    const admin = await t.signIn('admin');
    const leaving = await t.signIn('technician');
    const customer = await createCustomer(t.db, { createdBy: leaving.user.id });
    const vehicle = await createVehicle(t.db, customer.id, { createdBy: leaving.user.id });
    const inspection = await createInspection(t.db, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      technicianId: leaving.user.id,
    });

    const res = await admin.inject({ method: 'DELETE', url: `/api/users/${leaving.user.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect(await t.db.selectFrom('users').select('id').where('id', '=', leaving.user.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('sessions').select('sid').where('userId', '=', leaving.user.id).execute()).toEqual([]);
    expect((await leaving.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const keptCustomer = await t.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', customer.id)
      .executeTakeFirst();
    expect(keptCustomer).toMatchObject({ name: customer.name, createdBy: null });
    const keptVehicle = await t.db.selectFrom('vehicles').selectAll().where('id', '=', vehicle.id).executeTakeFirst();
    expect(keptVehicle).toMatchObject({ make: 'Honda', createdBy: null });
    const keptInspection = await t.db
      .selectFrom('inspections')
      .selectAll()
      .where('id', '=', inspection.id)
      .executeTakeFirst();
    expect(keptInspection).toMatchObject({ customerId: customer.id, technicianId: null });

    const again = await admin.inject({ method: 'DELETE', url: `/api/users/${leaving.user.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'not_found', message: 'User not found' });
  });

  it('refuses to delete the own account', async () => {
    const admin = await t.signIn('admin');
    const res = await admin.inject({ method: 'DELETE', url: `/api/users/${admin.user.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: 'You cannot delete your own account' });
    expect((await admin.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('deletes another administrator while one remains', async () => {
    const admin = await t.signIn('admin');
    const other = await createUser(t.db, { role: 'admin' });
    const res = await admin.inject({ method: 'DELETE', url: `/api/users/${other.id}` });
    expect(res.statusCode).toBe(204);
  });

  it('is 404 for an unknown id and 400 for a malformed one', async () => {
    const admin = await t.signIn('admin');
    expect((await admin.inject({ method: 'DELETE', url: `/api/users/${UNKNOWN_ID}` })).statusCode).toBe(404);
    const malformed = await admin.inject({ method: 'DELETE', url: '/api/users/1234' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('validation_error');
  });
});

describe('the last administrator', () => {
  it('cannot be demoted; another one can while an administrator remains', async () => {
    // Start from a database with exactly one administrator.
    await t.db.updateTable('users').set({ role: 'technician' }).where('role', '=', 'admin').execute();
    const only = await t.signIn('admin');

    const demoteSelf = await only.inject({
      method: 'PUT',
      url: `/api/users/${only.user.id}`,
      payload: { role: 'technician' },
    });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json()).toEqual(LAST_ADMIN);
    expect(await roleOf(only.user.id)).toBe('admin');

    // Other changes to the last admin still work.
    const rename = await only.inject({
      method: 'PUT',
      url: `/api/users/${only.user.id}`,
      payload: { username: 'sole_admin', role: 'admin' },
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json()).toMatchObject({ username: 'sole_admin', role: 'admin' });

    const second = await createUser(t.db, { role: 'admin' });
    const demoteOther = await only.inject({
      method: 'PUT',
      url: `/api/users/${second.id}`,
      payload: { role: 'service_advisor' },
    });
    expect(demoteOther.statusCode).toBe(200);
    expect(await roleOf(second.id)).toBe('service_advisor');

    // With two administrators, one may step down; then the other is the last one.
    const third = await createUser(t.db, { role: 'admin' });
    const stepDown = await only.inject({
      method: 'PUT',
      url: `/api/users/${only.user.id}`,
      payload: { role: 'technician' },
    });
    expect(stepDown.statusCode).toBe(200);
    expect(await roleOf(only.user.id)).toBe('technician');
    const admins = await t.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins).toEqual([{ id: third.id }]);
  });
});
