/**
 * Times the search and list queries on SQLite at 1,000 and 100,000 customers (one vehicle and two
 * inspections each, seeded straight through SQL), before and after the text and list indexes:
 * "before" is the previous query forms (LIKE over every row, joins, sort after the scan) on the
 * schema before migration 2026-11-25T03-00; "after" is the repositories of today on the latest one.
 * Prints milliseconds per call (list page plus its count, as the services run them).
 * Run: npx tsx test/list-timing.ts [sizes…]   (default 1000 100000)
 */
import { sql } from 'kysely';
import { createDatabase, type Db } from '@api/db/database';
import { migrateDown, migrateToLatest } from '@api/db/migrate';
import { matchesAny, paginate } from '@api/lib/list';
import { countCustomers, listCustomers, searchCustomers } from '@api/modules/customers/customer.repository';
import { countInspections, listInspectionKeys } from '@api/modules/inspections/inspection.repository';
import { countVehicles, listVehicles, searchVehicles } from '@api/modules/vehicles/vehicle.repository';

const SURNAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
];
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);

async function seed(db: Db, customers: number): Promise<void> {
  // Surnames: ten common ones for 10% of the shop, the rest spread over 5,000 made-up ones.
  const surnames = sql.raw(`'${SURNAMES.join("','")}'`);
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${customers})
    insert into customers (id, name, email, phone, address, status, created_at, updated_at)
    select printf('c%08d', i),
      printf('%s %s', substr('AnnBobCarDanEveFayGusHalIvyJon', (i % 10) * 3 + 1, 3),
        case when i % 10 = 0 then json_extract(json_array(${surnames}), printf('$[%d]', (i / 10) % 10))
             else printf('Surname%d', i % 5000) end),
      printf('person%d@mail%d.test', i, i % 50), printf('555-%07d', i), printf('%d Main St', i),
      case when i % 7 = 0 then 'inactive' else 'active' end,
      strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', printf('+%d seconds', i * 60)),
      strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', printf('+%d seconds', i * 90))
    from n`.execute(db);
  await sql`
    insert into vehicles (id, customer_id, year, make, model, vin, license_plate, mileage, created_at, updated_at)
    select printf('v%08d', rowid), id, 2000 + rowid % 25,
      json_extract('["Ford","Honda","Toyota","Subaru","Mazda"]', printf('$[%d]', rowid % 5)),
      printf('Model %d', rowid % 40), printf('VIN%014d', rowid), printf('PL-%06d', rowid), rowid * 10, created_at, updated_at
    from customers`.execute(db);
  await sql`
    insert into inspections (id, customer_id, vehicle_id, share_token, status, created_at, updated_at)
    select printf('i%08d-%d', v.rowid, k.k), v.customer_id, v.id, printf('t%08d-%d', v.rowid, k.k),
      case when k.k = 0 then 'completed' else 'in_progress' end,
      strftime('%Y-%m-%dT%H:%M:%fZ', v.created_at, printf('+%d seconds', k.k * 3600)), v.updated_at
    from vehicles v, (select 0 as k union all select 1) k`.execute(db);
}

type Run = () => Promise<unknown>;

/** Milliseconds per call: repeated for about 0.4 s (at least 3 calls). */
async function time(run: Run): Promise<number> {
  await run();
  const start = performance.now();
  let calls = 0;
  while (calls < 3 || performance.now() - start < 400) {
    await run();
    calls++;
  }
  return (performance.now() - start) / calls;
}

// The previous query forms, as the repositories had them.
const before = {
  customers(db: Db, q: string | undefined, offset = 0) {
    const filtered = () => {
      const query = db.selectFrom('customers');
      return q ? query.where((eb) => matchesAny(db, eb, ['name', 'email', 'phone', 'address'], q)) : query;
    };
    return Promise.all([
      paginate(
        filtered()
          .selectAll()
          .orderBy(sql`lower(name)`)
          .orderBy('name')
          .orderBy('id'),
        { limit: 50, offset },
      ).execute(),
      filtered()
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ]);
  },
  inspections(db: Db, q: string | undefined) {
    const filtered = () => {
      const query = db
        .selectFrom('inspections')
        .innerJoin('customers', 'customers.id', 'inspections.customerId')
        .innerJoin('vehicles', 'vehicles.id', 'inspections.vehicleId');
      return q
        ? query.where((eb) =>
            matchesAny(
              db,
              eb,
              ['customers.name', 'vehicles.make', 'vehicles.model', 'vehicles.licensePlate', 'vehicles.vin'],
              q,
            ),
          )
        : query;
    };
    return Promise.all([
      filtered()
        .selectAll('inspections')
        .orderBy('inspections.createdAt', 'desc')
        .orderBy('inspections.id', 'desc')
        .limit(20)
        .execute(),
      filtered()
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ]);
  },
  vehicles(db: Db, q: string | undefined, customerId?: string) {
    const filtered = () => {
      let query = db.selectFrom('vehicles').innerJoin('customers', 'customers.id', 'vehicles.customerId');
      if (q)
        query = query.where((eb) =>
          matchesAny(
            db,
            eb,
            ['vehicles.make', 'vehicles.model', 'vehicles.vin', 'vehicles.licensePlate', 'customers.name'],
            q,
          ),
        );
      if (customerId) query = query.where('vehicles.customerId', '=', customerId);
      return query;
    };
    return Promise.all([
      filtered()
        .selectAll('vehicles')
        .select('customers.name as customerName')
        .orderBy('vehicles.year', 'desc')
        .orderBy(sql`lower(vehicles.make)`)
        .orderBy(sql`lower(vehicles.model)`)
        .orderBy('vehicles.id')
        .limit(50)
        .execute(),
      filtered()
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ]);
  },
};

async function cursorAt(db: Db, offset: number): Promise<string[]> {
  const row = (await listCustomers(db, {}, 'name', { limit: 1, offset }))[0]!;
  return [row.name, row.id];
}

// As the services run them: a search gives its own total (searchPage), a list counts apart.
const after = {
  customers: (db: Db, q: string | undefined, offset = 0) =>
    q
      ? searchCustomers(db, { q }, 'name', { limit: 51, offset })
      : Promise.all([listCustomers(db, {}, 'name', { limit: 51, offset }), countCustomers(db, {})]),
  deepByCursor: (db: Db, key: string[]) =>
    Promise.all([listCustomers(db, {}, 'name', { limit: 51, after: key }), countCustomers(db, {})]),
  inspections: (db: Db, q: string | undefined) =>
    Promise.all([listInspectionKeys(db, { q }, 'recent', { limit: 21 }), countInspections(db, { q })]),
  vehicles: (db: Db, q: string | undefined, customerId?: string) =>
    q
      ? searchVehicles(db, { q, customerId }, 'year', { limit: 51 })
      : Promise.all([listVehicles(db, { customerId }, 'year', { limit: 51 }), countVehicles(db, { customerId })]),
};

async function measure(customers: number): Promise<Record<string, [number, number]>> {
  const db = createDatabase({ sqliteFile: ':memory:' });
  await migrateToLatest(db);
  await migrateDown(db);
  await seed(db, customers);
  const one = `person${Math.floor(customers / 2)}@mail`;
  const deep = Math.floor(customers / 2);
  const someone = 'c00000123';
  const calls: [string, Run, () => Run][] = [
    [
      'customers: common surname (q=Smith)',
      () => before.customers(db, 'Smith'),
      () => () => after.customers(db, 'Smith'),
    ],
    ['customers: one customer (email)', () => before.customers(db, one), () => () => after.customers(db, one)],
    [
      'customers: email fragment (q=mail7.te)',
      () => before.customers(db, 'mail7.te'),
      () => () => after.customers(db, 'mail7.te'),
    ],
    ['customers: two letters (q=an, scans)', () => before.customers(db, 'an'), () => () => after.customers(db, 'an')],
    [
      'customers: first page by name',
      () => before.customers(db, undefined),
      () => () => after.customers(db, undefined),
    ],
    [
      'customers: deep page (offset)',
      () => before.customers(db, undefined, deep),
      () => () => after.customers(db, undefined, deep),
    ],
    [
      'customers: deep page (after=)',
      () => before.customers(db, undefined, deep),
      () => {
        let key: string[] = [];
        void cursorAt(db, deep - 1).then((k) => (key = k));
        return () => after.deepByCursor(db, key);
      },
    ],
    ['inspections: first page', () => before.inspections(db, undefined), () => () => after.inspections(db, undefined)],
    [
      'inspections: search (q=Smith)',
      () => before.inspections(db, 'Smith'),
      () => () => after.inspections(db, 'Smith'),
    ],
    ['vehicles: search (q=subaru)', () => before.vehicles(db, 'subaru'), () => () => after.vehicles(db, 'subaru')],
    [
      'vehicles: of one customer',
      () => before.vehicles(db, undefined, someone),
      () => () => after.vehicles(db, undefined, someone),
    ],
  ];
  const results: Record<string, [number, number]> = {};
  for (const [name, run] of calls) results[name] = [await time(run), 0];
  await migrateToLatest(db);
  for (const [name, , make] of calls) {
    const run = make();
    await new Promise((resolve) => setTimeout(resolve, 10));
    results[name]![1] = await time(run);
  }
  await db.destroy();
  return results;
}

const measured: [number, Record<string, [number, number]>][] = [];
for (const size of sizes.length > 0 ? sizes : [1000, 100000]) measured.push([size, await measure(size)]);
const ms = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(2));
const header = measured.map(([size]) => `${size.toLocaleString('en')} before | after`).join(' | ');
console.log(`| call (ms per list page + count) | ${header} |`);
console.log(`|---|${measured.map(() => '---|---|').join('')}`);
for (const name of Object.keys(measured[0]![1])) {
  console.log(`| ${name} | ${measured.map(([, r]) => `${ms(r[name]![0])} | ${ms(r[name]![1])}`).join(' | ')} |`);
}
