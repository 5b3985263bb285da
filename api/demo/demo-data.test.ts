import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_STATUSES,
  FILTER_CONDITIONS,
  FLUID_LEVELS,
  INSPECTION_STATUSES,
  INVOICE_STATUSES,
  INVOICE_TAX_RATE,
  MEASUREMENT_FIELDS,
  OIL_CONDITIONS,
  ROLES,
  SERVICE_STATUSES,
  SUSPENSION_CONDITIONS,
  TEMPLATE_STATUSES,
} from '@shared/constants';
import { serviceTotalCents, totalsWithTax } from '@shared/money';
import { TEMPLATE_PLACEHOLDERS } from '@shared/schemas/email-template';
import { verifyPassword } from '@api/lib/password';
import { issueSetupCode, SETUP_CODE_FILE } from '@api/lib/setup-code';
import { createCommandDatabase, createTestDatabase } from '@api/test/database';
import { createCustomer, createUser } from '@api/test/factories';
import type { Db } from '@api/db/database';
import { DatabaseNotEmptyError, NOT_EMPTY_MESSAGE, seedDemo } from './demo-data';
import { vinCheckDigit } from './vin';

const database = await createTestDatabase();
afterAll(() => database.drop());
const db = database.db;

const NOW = new Date();
const FAST_HASH = { log2N: 10, r: 8, p: 1 };
const DAY = 86_400_000;

// The first load uses the production hash parameters, as `npm run db:seed` does.
// A setup code waits on the empty database, as after a first start: the demo's admin makes it go.
await issueSetupCode(db);
const first = await seedDemo(db, { adminEmail: 'Owner@Shop.test', now: NOW });
/** The demo password: four groups of four letters from the setup code's alphabet. */
const READABLE_CODE = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

const localDay = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
const distinct = (values: unknown[]) => [...new Set(values)].sort();

async function countRows(target: Db) {
  const tables = [
    'users',
    'customers',
    'vehicles',
    'inspections',
    'inspectionNotes',
    'services',
    'serviceParts',
    'invoices',
    'invoiceLineItems',
    'emailTemplates',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await target
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** What a run produced, without the random ids and tokens, to compare two runs. */
async function content(target: Db) {
  const customers = await target
    .selectFrom('customers')
    .select(['name', 'email', 'phone', 'address', 'status'])
    .orderBy('email')
    .execute();
  const vehicles = await target
    .selectFrom('vehicles')
    .select(['year', 'make', 'model', 'vin', 'licensePlate', 'mileage'])
    .orderBy('vin')
    .orderBy('mileage')
    .execute();
  const invoices = await target
    .selectFrom('invoices')
    .select(['subtotalCents', 'taxCents', 'totalCents', 'status'])
    .orderBy('totalCents')
    .orderBy('status')
    .execute();
  const services = await target
    .selectFrom('services')
    .select(['description', 'laborCostCents', 'partsCostCents', 'status'])
    .orderBy('description')
    .orderBy('status')
    .orderBy('laborCostCents')
    .execute();
  return { customers, vehicles, invoices, services };
}

describe('seedDemo', () => {
  it('loads the counts it reports', async () => {
    expect(await countRows(db)).toEqual(first.counts);
    expect(first.counts.customers).toBe(30);
    expect(first.counts.vehicles).toBeGreaterThanOrEqual(30);
    expect(first.counts.vehicles).toBeLessThanOrEqual(60);
    expect(first.counts.inspections).toBeGreaterThanOrEqual(40);
    expect(first.counts.invoices).toBeGreaterThanOrEqual(10);
    expect(first.counts.emailTemplates).toBeGreaterThanOrEqual(4);
    expect(first.counts.emailTemplates).toBeLessThanOrEqual(5);
    expect(first.password).toMatch(READABLE_CODE);
  });

  it('takes the setup code away: the shop has its admin', async () => {
    expect(await db.selectFrom('setupCode').selectAll().execute()).toEqual([]);
  });

  it('has staff of every role, and an admin with the ADMIN_EMAIL and the shop contact settings', async () => {
    const users = await db.selectFrom('users').selectAll().execute();
    expect(distinct(users.map((u) => u.role))).toEqual([...ROLES].sort());
    expect(users.filter((u) => u.role === 'technician')).toHaveLength(2);
    expect(users.filter((u) => u.role === 'service_advisor')).toHaveLength(1);
    const admin = users.find((u) => u.role === 'admin')!;
    expect(admin.email).toBe('owner@shop.test');
    for (const field of ['companyName', 'phone', 'address', 'city', 'state', 'zipCode', 'website'] as const) {
      expect(admin[field], field).toMatch(/\S/);
    }
    expect(admin.website).toMatch(/^https:\/\//);
    expect(first.users.map((u) => u.username).sort()).toEqual(users.map((u) => u.username).sort());
    expect(admin.passwordHash.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(await verifyPassword(first.password, admin.passwordHash)).toBe(true);
    expect(new Set(users.map((u) => u.passwordHash)).size).toBe(users.length);
    // The printed password is shared, so every demo user must choose their own first.
    expect(users.map((u) => u.mustChangePassword)).toEqual(users.map(() => 1));
  });

  it('has realistic customers and vehicles', async () => {
    const customers = await db.selectFrom('customers').selectAll().execute();
    expect(distinct(customers.map((c) => c.status))).toEqual([...CUSTOMER_STATUSES].sort());
    expect(new Set(customers.map((c) => c.email)).size).toBe(customers.length);
    for (const c of customers) {
      expect(c.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(c.email).toMatch(/^[a-z.0-9]+@[a-z.]+$/);
      expect(c.phone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
    }
    expect(customers.filter((c) => c.address).length).toBeGreaterThan(20);
    const vehicles = await db.selectFrom('vehicles').selectAll().execute();
    const perCustomer = new Map<string, number>();
    for (const v of vehicles) perCustomer.set(v.customerId, (perCustomer.get(v.customerId) ?? 0) + 1);
    expect(perCustomer.size).toBe(customers.length);
    expect([...perCustomer.values()].every((n) => n >= 1 && n <= 2)).toBe(true);
    for (const v of vehicles) {
      expect(v.year).toBeGreaterThanOrEqual(2005);
      expect(v.year).toBeLessThanOrEqual(NOW.getFullYear());
      expect(v.mileage).toBeGreaterThan(0);
      if (v.vin !== null) {
        expect(v.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
        expect(v.vin[8]).toBe(vinCheckDigit(v.vin));
      }
    }
    expect(vehicles.filter((v) => v.vin).length).toBeGreaterThan(vehicles.length / 2);
  });

  it('spreads inspections of every status over the last 60 days, some today', async () => {
    const inspections = await db.selectFrom('inspections').selectAll().execute();
    expect(distinct(inspections.map((i) => i.status))).toEqual([...INSPECTION_STATUSES].sort());
    const times = inspections.map((i) => new Date(i.createdAt));
    expect(times.every((t) => t.getTime() <= NOW.getTime() && t.getTime() > NOW.getTime() - 61 * DAY)).toBe(true);
    expect(times.filter((t) => localDay(t) === localDay(NOW)).length).toBeGreaterThanOrEqual(3);
    expect(times.filter((t) => t.getTime() < NOW.getTime() - 30 * DAY).length).toBeGreaterThan(5);
    const technicians = new Set(
      (await db.selectFrom('users').select('id').where('role', 'in', ['technician', 'admin']).execute()).map(
        (u) => u.id,
      ),
    );
    const vehicles = new Map((await db.selectFrom('vehicles').selectAll().execute()).map((v) => [v.id, v]));
    for (const i of inspections) {
      expect(technicians.has(i.technicianId!)).toBe(true);
      expect(vehicles.get(i.vehicleId)?.customerId).toBe(i.customerId);
      expect(i.createdAt >= vehicles.get(i.vehicleId)!.createdAt).toBe(true);
      for (const field of MEASUREMENT_FIELDS) {
        const value = i[field];
        if (value !== null) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(10);
          expect(value).toBeLessThanOrEqual(120);
        }
      }
      expect([null, ...FILTER_CONDITIONS]).toContain(i.cabinFilterCondition);
      expect([null, ...OIL_CONDITIONS]).toContain(i.oilCondition);
      expect([null, ...FLUID_LEVELS]).toContain(i.coolantLevel);
      expect([null, ...SUSPENSION_CONDITIONS]).toContain(i.suspensionCondition);
      expect(Array.isArray(JSON.parse(i.leaks))).toBe(true);
      expect(i.diagnosticCodes === null).toBe(i.checkEngineLight === 0);
    }
    expect(inspections.some((i) => JSON.parse(i.leaks).length > 0)).toBe(true);
    expect(inspections.some((i) => i.checkEngineLight === 1)).toBe(true);
    expect(inspections.some((i) => i.frontLeftBrake !== null && i.frontLeftBrake < 30)).toBe(true);
    expect(inspections.filter((i) => i.notes).length).toBeGreaterThan(20);
    expect(first.counts.inspectionNotes).toBeGreaterThan(10);
  });

  it('recommends services with parts in every status, costs in cents', async () => {
    const services = await db.selectFrom('services').selectAll().execute();
    const parts = await db.selectFrom('serviceParts').selectAll().execute();
    expect(distinct(services.map((s) => s.status))).toEqual([...SERVICE_STATUSES].sort());
    const inspections = new Map(
      (await db.selectFrom('inspections').select(['id', 'status']).execute()).map((i) => [i.id, i.status]),
    );
    for (const s of services) {
      expect(Number.isInteger(s.laborCostCents) && s.laborCostCents > 0).toBe(true);
      const own = parts.filter((p) => p.serviceId === s.id);
      expect(s.partsCostCents).toBe(own.reduce((sum, p) => sum + p.partCostCents, 0));
      if (inspections.get(s.inspectionId) === 'in_progress') expect(s.status).toBe('recommended');
      if (inspections.get(s.inspectionId) === 'declined') expect(s.status).toBe('declined');
    }
    expect(new Set(services.map((s) => s.inspectionId)).size).toBe(inspections.size);
    expect(parts.every((p) => Number.isInteger(p.partCostCents) && p.partCostCents > 0 && p.partName.length > 0)).toBe(
      true,
    );
  });

  it('invoices approved work in every status, with stored totals equal to a recomputation', async () => {
    const invoices = await db.selectFrom('invoices').selectAll().execute();
    expect(distinct(invoices.map((i) => i.status))).toEqual([...INVOICE_STATUSES].sort());
    const services = await db.selectFrom('services').selectAll().execute();
    const parts = await db.selectFrom('serviceParts').selectAll().execute();
    const items = await db.selectFrom('invoiceLineItems').selectAll().execute();
    const inspections = new Map((await db.selectFrom('inspections').selectAll().execute()).map((i) => [i.id, i]));
    expect(items.length).toBeGreaterThan(0);
    for (const invoice of invoices) {
      const inspection = inspections.get(invoice.inspectionId!)!;
      expect(invoice.customerId).toBe(inspection.customerId);
      expect(invoice.vehicleId).toBe(inspection.vehicleId);
      expect(invoice.createdAt >= inspection.createdAt).toBe(true);
      const approved = services.filter((s) => s.inspectionId === inspection.id && s.status === 'approved');
      expect(approved.length).toBeGreaterThan(0);
      const servicesCents = approved.reduce(
        (sum, s) => sum + serviceTotalCents({ ...s, parts: parts.filter((p) => p.serviceId === s.id) }),
        0,
      );
      const itemCents = items.filter((i) => i.invoiceId === invoice.id).reduce((sum, i) => sum + i.amountCents, 0);
      const expected = totalsWithTax(servicesCents + itemCents, INVOICE_TAX_RATE);
      expect({
        subtotalCents: invoice.subtotalCents,
        taxCents: invoice.taxCents,
        totalCents: invoice.totalCents,
      }).toEqual(expected);
      expect(invoice.taxCents).toBe(Math.round(invoice.subtotalCents * 0.08));
    }
    expect(new Set(invoices.map((i) => i.shareToken)).size).toBe(invoices.length);
    expect(invoices.every((i) => i.shareToken.length >= 22)).toBe(true);
  });

  it('adds useful email templates that use the placeholders', async () => {
    const templates = await db.selectFrom('emailTemplates').selectAll().execute();
    expect(distinct(templates.map((t) => t.status))).toEqual([...TEMPLATE_STATUSES].sort());
    const text = templates.map((t) => `${t.subject}\n${t.body}`).join('\n');
    for (const placeholder of TEMPLATE_PLACEHOLDERS) expect(text).toContain(placeholder);
    const used = text.match(/\[[^\]]+\]/g) ?? [];
    expect(used.every((p) => (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(p))).toBe(true);
  });

  it('refuses a database that has users or customers, and changes nothing', async () => {
    const before = await countRows(db);
    await expect(seedDemo(db, { adminEmail: 'owner@shop.test', hashParams: FAST_HASH })).rejects.toThrow(
      DatabaseNotEmptyError,
    );
    expect(await countRows(db)).toEqual(before);

    const other = await createTestDatabase();
    try {
      await createCustomer(other.db);
      await expect(seedDemo(other.db, { adminEmail: 'owner@shop.test', hashParams: FAST_HASH })).rejects.toThrow(
        NOT_EMPTY_MESSAGE,
      );
      expect((await countRows(other.db)).users).toBe(0);
    } finally {
      await other.drop();
    }
  });

  it('puts the demo shop in the change feed, so offline devices pull it', async () => {
    const feed = await db.selectFrom('syncChanges').select(['entity', 'deleted']).execute();
    const live = (entity: string) => feed.filter((r) => r.entity === entity && r.deleted === 0).length;
    expect([live('customer'), live('vehicle'), live('inspection')]).toEqual([
      first.counts.customers,
      first.counts.vehicles,
      first.counts.inspections,
    ]);
  });

  it('with force, erases what was there and loads the same demo again', async () => {
    const before = await content(db);
    const erasedIds = (await db.selectFrom('customers').select('id').execute()).map((r) => r.id);
    const stranger = await createUser(db, { username: 'stranger' });
    await createCustomer(db, { name: 'Left Over', createdBy: stranger.id });
    const again = await seedDemo(db, { adminEmail: 'owner@shop.test', force: true, now: NOW, hashParams: FAST_HASH });
    expect(again.counts).toEqual(first.counts);
    expect(await countRows(db)).toEqual(first.counts);
    // A new password on every load: none is ever the same for two shops.
    expect(again.password).toMatch(READABLE_CODE);
    expect(again.password).not.toBe(first.password);
    expect(
      await db.selectFrom('users').select('id').where('username', '=', 'stranger').executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db.selectFrom('customers').select('id').where('name', '=', 'Left Over').executeTakeFirst(),
    ).toBeUndefined();
    expect(await content(db)).toEqual(before);
    // Devices drop the erased rows on their next pull.
    const erased = await db
      .selectFrom('syncChanges')
      .select('deleted')
      .where('entity', '=', 'customer')
      .where('entityId', 'in', erasedIds)
      .execute();
    expect(erased.map((r) => r.deleted)).toEqual(erasedIds.map(() => 1));
  });
});

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

async function seedCommand(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(tsx, ['api/db/seed.ts', ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// The command on a database of its own: a SQLite file in a fresh DATA_DIR, or a fresh PostgreSQL database.
describe('npm run db:seed', () => {
  let env: Record<string, string> = {};
  let drop = async () => {};
  beforeAll(async () => {
    const database = await createCommandDatabase();
    env = { ...database.env, ADMIN_EMAIL: 'boss@shop.test' };
    drop = database.drop;
  });
  afterAll(() => drop());

  it('prints its usage and exits 1 without --demo', async () => {
    const results = await Promise.all([[], ['--force'], ['--demo', '--wipe']].map((args) => seedCommand(args, env)));
    for (const result of results) {
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Usage: npm run db:seed -- --demo [--force]');
      expect(result.stdout).toBe('');
    }
  }, 60_000);

  it('loads the demo, then refuses to load it twice, then replaces it with --force', async () => {
    // As a first start leaves it: the setup code file goes once the demo's admin exists.
    const codeFile = path.join(env.DATA_DIR!, SETUP_CODE_FILE);
    writeFileSync(codeFile, 'K7QM-3XWD-PH9T-ZC4R\n', { mode: 0o600 });
    const loaded = await seedCommand(['--demo'], env);
    expect(loaded.code, loaded.stderr).toBe(0);
    expect(existsSync(codeFile)).toBe(false);
    expect(loaded.stdout).toContain('30 customers');
    for (const name of ['admin', 'mike.torres', 'jenna.park', 'dana.whitfield', 'boss@shop.test']) {
      expect(loaded.stdout).toContain(name);
    }
    const printed = /Every demo user's password: (\S+)\n/.exec(loaded.stdout)?.[1];
    expect(printed).toMatch(READABLE_CODE);
    expect(loaded.stdout).toContain('Each person is asked to choose their own password at first sign-in.');

    const refused = await seedCommand(['--demo'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(NOT_EMPTY_MESSAGE);

    const forced = await seedCommand(['--demo', '--force'], env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('Loaded the demo shop');
  }, 120_000);
});
