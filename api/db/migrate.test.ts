import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { listCustomers } from '@api/modules/customers/customer.repository';
import { createTestDatabase, testDatabaseKind } from '@api/test/database';
import { migrateDown, migrateToLatest } from './migrate';
import { migrations } from './migrations';

// A database of its own: this file drops and re-creates every table, which would break other
// files' migrations reading the catalog at that moment.
const database = await createTestDatabase({ ownDatabase: true });
afterAll(() => database.drop());
const { db } = database;
const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db).catch(() => null))?.rows[0]?.s;

// Rows with the columns of the first schema, so they insert before and after the later migrations.
const customerRow = (id: string, at: string, fields: { status?: string } = {}) => ({
  id,
  name: 'A',
  email: 'a@x.io',
  phone: '1',
  address: null,
  status: 'active',
  createdBy: null,
  createdAt: at,
  updatedAt: at,
  ...fields,
});
const vehicleRow = (id: string, customerId: string, at: string) => ({
  id,
  customerId,
  year: 2020,
  make: 'Ford',
  model: 'F-150',
  vin: null,
  licensePlate: null,
  mileage: 1,
  color: null,
  createdBy: null,
  createdAt: at,
  updatedAt: at,
});
const inspectionRow = (
  id: string,
  customerId: string,
  vehicleId: string,
  { shareToken, status, createdAt }: { shareToken: string; status: string; createdAt: string },
) => ({
  id,
  customerId,
  vehicleId,
  technicianId: null,
  shareToken,
  status,
  leaks: '[]',
  checkEngineLight: 0,
  createdAt,
  updatedAt: createdAt,
  frontLeftTread: null,
  frontRightTread: null,
  rearLeftTread: null,
  rearRightTread: null,
  frontLeftBrake: null,
  frontRightBrake: null,
  rearLeftBrake: null,
  rearRightBrake: null,
  cabinFilterCondition: null,
  engineFilterCondition: null,
  oilCondition: null,
  oilLevel: null,
  coolantLevel: null,
  suspensionCondition: null,
  diagnosticCodes: null,
  notes: null,
});

async function tableNames(): Promise<string[]> {
  // On PostgreSQL only this file's schema: other files' schemas live on the same server.
  const tables = (await db.introspection.getTables()).filter((t) => schema === undefined || t.schema === schema);
  return tables
    .map((t) => t.name)
    .filter((n) => !n.startsWith('kysely_') && !SEARCH_TABLE.test(n))
    .sort();
}

// SQLite's text indexes (FTS5 tables and their shadow tables): checked on their own below.
const SEARCH_TABLE = /^(customers|vehicles)_search(_\w+)?$/;

async function searchTables(): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .map((t) => t.name)
    .filter((n) => /^(customers|vehicles)_search$/.test(n))
    .sort();
}

describe('migrations', () => {
  it('create every table of the data model', async () => {
    expect(await tableNames()).toEqual([
      'customers',
      'deferred_work',
      'email_templates',
      'idempotency_keys',
      'inspection_documents',
      'inspection_funnel',
      'inspection_notes',
      'inspections',
      'invites',
      'invoice_line_items',
      'invoices',
      'login_failures',
      'media',
      'media_files',
      'service_decisions',
      'service_parts',
      'services',
      'sessions',
      'setup_code',
      'share_sends',
      'share_views',
      'shop_settings',
      'sync_changes',
      'sync_state',
      'trusted_devices',
      'users',
      'vehicles',
    ]);
  });

  it('are date-prefixed', () => {
    for (const name of Object.keys(migrations)) expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-/);
  });

  it('go down and up again', async () => {
    for (let i = 0; i < Object.keys(migrations).length; i++) await migrateDown(db, schema);
    expect(await tableNames()).toEqual([]);
    await migrateToLatest(db, schema);
    expect((await tableNames()).length).toBe(27);
  });

  it('put the rows that existed before the change feed into it, parents first', async () => {
    // Back to just before the change feed (undoing the migrations after it too).
    const names = Object.keys(migrations);
    for (let i = names.indexOf('2026-11-22T12-00-offline-sync'); i < names.length; i++) await migrateDown(db, schema);
    const at = (minute: number) => `2026-11-30T10:0${minute}:00.000Z`;
    await db
      .insertInto('customers')
      .values([
        {
          id: 'bc2',
          name: 'B',
          email: 'b@x.io',
          phone: '1',
          address: null,
          status: 'active',
          createdBy: null,
          createdAt: at(2),
          updatedAt: at(2),
        },
        customerRow('bc1', at(1)),
      ])
      .execute();
    await db
      .insertInto('vehicles')
      .values(vehicleRow('bv1', 'bc1', at(0)))
      .execute();
    await migrateToLatest(db, schema);

    const feed = await db
      .selectFrom('syncChanges')
      .select(['entity', 'entityId', 'seq', 'deleted'])
      .orderBy('seq')
      .execute();
    expect(feed.map((r) => ({ ...r, seq: Number(r.seq) }))).toEqual([
      { entity: 'customer', entityId: 'bc1', seq: 1, deleted: 0 },
      { entity: 'customer', entityId: 'bc2', seq: 2, deleted: 0 },
      { entity: 'vehicle', entityId: 'bv1', seq: 3, deleted: 0 },
    ]);
    const state = await db.selectFrom('syncState').selectAll().executeTakeFirstOrThrow();
    expect({ id: state.id, seq: Number(state.seq), tombstoneHorizon: Number(state.tombstoneHorizon) }).toEqual({
      id: 1,
      seq: 3,
      tombstoneHorizon: 0,
    });
    await db.deleteFrom('customers').execute();
  });

  it('fill the funnel summary from the inspections already there', async () => {
    const names = Object.keys(migrations);
    for (let i = names.indexOf('2026-11-25T06-00-inspection-funnel'); i < names.length; i++)
      await migrateDown(db, schema);
    const now = '2026-11-30T10:00:00.000Z';
    await db.insertInto('customers').values(customerRow('fc1', now)).execute();
    await db
      .insertInto('vehicles')
      .values(vehicleRow('fv1', 'fc1', now))
      .execute();
    await db
      .insertInto('inspections')
      .values(inspectionRow('fi1', 'fc1', 'fv1', { shareToken: 'ft1', status: 'completed', createdAt: now }))
      .execute();
    const service = { inspectionId: 'fi1', partsLink: null, partsCostCents: 500, createdAt: now, updatedAt: now };
    await db
      .insertInto('services')
      .values([
        {
          ...service,
          id: 'fs1',
          description: 'Pads',
          laborCostCents: 1000,
          status: 'approved',
          position: 0,
          approvedAmountCents: 1200,
        },
        { ...service, id: 'fs2', description: 'Oil', laborCostCents: 3000, status: 'declined', position: 1 },
      ])
      .execute();
    const send = {
      inspectionId: 'fi1',
      invoiceId: null,
      userId: null,
      channel: 'email',
      recipient: null,
      subject: null,
      body: null,
      error: null,
    };
    await db
      .insertInto('shareSends')
      .values([
        { ...send, id: 'fss1', status: 'failed', sentAt: '2026-11-30T10:01:00.000Z', createdAt: now },
        { ...send, id: 'fss2', status: 'sent', sentAt: '2026-11-30T10:02:00.000Z', createdAt: now },
      ])
      .execute();
    await db
      .insertInto('shareViews')
      .values({
        targetKind: 'inspection',
        targetId: 'fi1',
        firstViewedAt: '2026-11-30T10:03:00.000Z',
        lastViewedAt: now,
        viewCount: 1,
      })
      .execute();
    const decision = {
      inspectionId: 'fi1',
      serviceId: 'fs2',
      description: 'Oil',
      actor: 'customer',
      userId: null,
      method: 'link',
      amountCents: 3500,
      clientAddress: null,
      userAgent: null,
      signerName: null,
      signature: null,
    };
    await db
      .insertInto('serviceDecisions')
      .values([
        { ...decision, id: 'fd1', decision: 'declined', decidedAt: '2026-11-30T10:01:30.000Z' },
        { ...decision, id: 'fd2', decision: 'unapproved', decidedAt: '2026-11-30T10:04:00.000Z' },
        { ...decision, id: 'fd3', decision: 'declined', decidedAt: '2026-11-30T10:05:00.000Z' },
      ])
      .execute();
    await migrateToLatest(db, schema);
    const row = await db.selectFrom('inspectionFunnel').selectAll().executeTakeFirstOrThrow();
    expect({
      ...row,
      recommendedCents: Number(row.recommendedCents),
      approvedCents: Number(row.approvedCents),
      declinedCents: Number(row.declinedCents),
    }).toEqual({
      inspectionId: 'fi1',
      technicianId: null,
      createdAt: now,
      services: 2,
      approvedServices: 1,
      recommendedCents: 5000,
      approvedCents: 1200,
      declinedCents: 3500,
      firstSentAt: '2026-11-30T10:02:00.000Z',
      advisorId: null,
      firstViewedAt: '2026-11-30T10:03:00.000Z',
      firstDecidedAt: '2026-11-30T10:05:00.000Z',
    });
    await db.deleteFrom('customers').execute();
  });

  it('cascade a customer delete to vehicles, inspections, services, parts, notes, invoices and media', async () => {
    const now = new Date().toISOString();
    await db.insertInto('customers').values(customerRow('c1', now)).execute();
    await db
      .insertInto('vehicles')
      .values(vehicleRow('v1', 'c1', now))
      .execute();
    await db
      .insertInto('inspections')
      .values(inspectionRow('i1', 'c1', 'v1', { shareToken: 't1', status: 'in_progress', createdAt: now }))
      .execute();
    await db
      .insertInto('services')
      .values({
        id: 's1',
        inspectionId: 'i1',
        description: 'Pads',
        partsLink: null,
        partsCostCents: 0,
        laborCostCents: 100,
        status: 'recommended',
        position: 0,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto('serviceParts')
      .values({
        id: 'p1',
        serviceId: 's1',
        partName: 'Pad set',
        partUrl: null,
        partCostCents: 10,
        position: 0,
        createdAt: now,
      })
      .execute();
    await db
      .insertInto('inspectionNotes')
      .values({ id: 'n1', inspectionId: 'i1', note: 'ok', createdAt: now })
      .execute();
    await db
      .insertInto('invoices')
      .values({
        id: 'inv1',
        inspectionId: 'i1',
        customerId: 'c1',
        vehicleId: 'v1',
        shareToken: 'tok',
        subtotalCents: 0,
        taxCents: 0,
        totalCents: 0,
        notes: null,
        status: 'draft',
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto('invoiceLineItems')
      .values({ id: 'l1', invoiceId: 'inv1', description: 'Fee', amountCents: 5, createdAt: now })
      .execute();
    const sha = 'a'.repeat(64);
    await db
      .insertInto('mediaFiles')
      .values({
        sha256: sha,
        contentType: 'image/jpeg',
        bytes: 10,
        width: 1,
        height: 1,
        durationMs: null,
        variants: '[]',
        processing: 0,
        playable: null,
        createdAt: now,
      })
      .execute();
    const medium = {
      inspectionId: 'i1',
      kind: 'photo',
      contentType: 'image/jpeg',
      bytes: 10,
      width: 1,
      height: 1,
      durationMs: null,
      sha256: sha,
      markupSha256: null,
      caption: null,
      position: 0,
      capturedAt: now,
      takenBy: null,
      createdAt: now,
      updatedAt: now,
    };
    await db
      .insertInto('media')
      .values([
        { ...medium, id: 'm1', itemKey: 'oil', serviceId: null },
        { ...medium, id: 'm2', itemKey: null, serviceId: 's1' },
      ])
      .execute();

    await db.deleteFrom('customers').where('id', '=', 'c1').execute();
    for (const table of [
      'vehicles',
      'inspections',
      'services',
      'serviceParts',
      'inspectionNotes',
      'invoices',
      'invoiceLineItems',
      'media',
    ] as const) {
      const { count } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(count), table).toBe(0);
    }
  });

  it('replace the per-username sign-in failures with per-client ones, and back', async () => {
    const names = Object.keys(migrations);
    const at = names.indexOf('2026-11-25T01-00-sign-in-throttle');
    for (let i = at; i < names.length; i++) await migrateDown(db, schema);
    expect(await tableNames()).not.toContain('trusted_devices');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const old = db as any;
    await old
      .insertInto('loginFailures')
      .values({ id: 'f1', usernameKey: 'boss', failedAt: '2026-11-24T10:00:00.000Z' })
      .execute();
    await migrateToLatest(db, schema);
    expect(await db.selectFrom('loginFailures').selectAll().execute()).toEqual([]);
    const row = {
      id: 'f2',
      usernameKey: 'boss',
      clientKey: 'address:203.0.113.1',
      failedAt: '2026-11-25T10:00:00.000Z',
    };
    await db.insertInto('loginFailures').values(row).execute();
    expect(await db.selectFrom('loginFailures').selectAll().execute()).toEqual([row]);
    await db.deleteFrom('loginFailures').execute();
  });

  it('fill the text index from the rows already there, keep it in step, and drop it going down', async () => {
    const names = Object.keys(migrations);
    const at = names.indexOf('2026-11-25T03-00-search-and-list-indexes');
    for (let i = at; i < names.length; i++) await migrateDown(db, schema);
    expect(await searchTables()).toEqual([]);
    const now = new Date().toISOString();
    await db
      .insertInto('customers')
      .values({
        id: 'c3',
        name: 'Ada éclair',
        email: 'ada@x.io',
        phone: '1',
        address: '50% Lane',
        status: 'active',
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await migrateToLatest(db, schema);
    expect(await searchTables()).toEqual(
      testDatabaseKind() === 'sqlite' ? ['customers_search', 'vehicles_search'] : [],
    );
    const found = async (q: string) => (await listCustomers(db, { q }, 'name', {})).map((c) => c.id);
    expect(await found('ADA É')).toEqual(['c3']);
    expect(await found('0% l')).toEqual(['c3']);
    expect(await found('0_ l')).toEqual([]);
    await db.updateTable('customers').set({ name: 'Bea' }).where('id', '=', 'c3').execute();
    expect(await found('ada é')).toEqual([]);
    expect(await found('bea')).toEqual(['c3']);
    await db.deleteFrom('customers').where('id', '=', 'c3').execute();
    expect(await found('bea')).toEqual([]);
  });

  it('refuse a status outside the allowed values', async () => {
    const now = new Date().toISOString();
    await expect(
      db
        .insertInto('customers')
        .values(customerRow('c2', now, { status: 'deleted' }))
        .execute(),
    ).rejects.toThrow();
  });
});
