import { randomUUID } from 'node:crypto';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCustomers } from '@api/modules/customers/customer.repository';
import { listInspectionKeys } from '@api/modules/inspections/inspection.repository';
import { listInvoiceRows } from '@api/modules/invoices/invoice.repository';
import { searchVehicles } from '@api/modules/vehicles/vehicle.repository';
import { createTestApp } from '@api/test/app';
import { createTestDatabase, testDatabaseKind } from '@api/test/database';
import { createCustomer, createInspection, createVehicle } from '@api/test/factories';
import { likePattern, matchesAny } from './list';
import {
  compactSearchIndexes,
  indexableSearch,
  readTrigramCounts,
  searchTerms,
  trigramCountsRead,
} from './text-search';

// The indexed search (FTS5 trigram on SQLite, pg_trgm on PostgreSQL) against the plain
// `lower(col) LIKE '%q%'` scan it replaced, over awkward generated text: both must find the same rows.
const database = await createTestDatabase();
afterAll(() => database.drop());
const { db } = database;

// A seeded generator, so a failure replays.
let seed = 1234567;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const PIECES = [
  'Ann',
  'ANNA',
  'anna',
  'é',
  'É',
  'Zoë',
  'ß',
  'İ',
  'K',
  'ΣΑΣ',
  'σας',
  '🚗',
  '50%',
  '5_0',
  '%',
  '_',
  'a\\b',
  '\\',
  "O'Brien",
  '"quoted"',
  '100',
  '0',
  'x',
  'Xy',
  'ab',
  'abc',
  'ABC',
  ' ',
  '-',
  '.',
  '@',
  'ford',
  'F-150',
];
const text = (parts: number) => Array.from({ length: parts }, () => pick(PIECES)).join(pick(['', ' ', '']));
const maybe = (value: string) => (random() < 0.2 ? null : value);

for (let c = 0; c < 60; c++) {
  const customer = await createCustomer(db, {
    name: text(3),
    email: `${text(2)}@${text(1)}.test`,
    phone: text(2),
    address: maybe(text(3)),
  });
  for (let v = 0; v < 2; v++) {
    const vehicle = await createVehicle(db, customer.id, {
      make: text(2),
      model: text(2),
      vin: maybe(text(3)),
      licensePlate: maybe(text(2)),
    });
    const inspection = await createInspection(db, { customerId: customer.id, vehicleId: vehicle.id });
    const now = new Date().toISOString();
    await db
      .insertInto('invoices')
      .values({
        id: randomUUID(),
        inspectionId: inspection.id,
        customerId: customer.id,
        vehicleId: random() < 0.3 ? null : vehicle.id,
        shareToken: randomUUID(),
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
  }
}

// Fixed awkward queries, then substrings of stored values and of ids (1 to 6 characters).
const stored = (await db.selectFrom('customers').select(['name', 'email']).execute()).flatMap((r) => [r.name, r.email]);
const ids = (await db.selectFrom('inspections').select('id').execute()).map((r) => r.id);
const QUERIES = [
  ...PIECES,
  'a',
  'A',
  'an',
  'NN',
  'nna',
  'É',
  'é',
  '%%',
  '5%',
  '_0',
  '\\b',
  'a\\',
  "'",
  '"',
  "o'b",
  '"q',
  'zoë',
  'ZOË',
  'ss',
  '0%',
  '150',
  'f-1',
  'd f',
  'rd f',
  'x@',
  '.test',
  'no such text',
  ids[0]!.slice(0, 1),
  ids[1]!.slice(0, 4),
  ids[2]!.toUpperCase().slice(0, 8),
  ...Array.from({ length: 60 }, () => {
    const from = pick(stored);
    const start = Math.floor(random() * from.length);
    return from.slice(start, start + 1 + Math.floor(random() * 6));
  }),
].filter((q) => q.trim() === q && q !== '');

const sorted = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

/** The four searches against the plain scan, query by query. */
function sameAsTheScan(): void {
  it('customers: name, email, phone, address', async () => {
    for (const q of QUERIES) {
      const plain = await db
        .selectFrom('customers')
        .select('id')
        .where((eb) => matchesAny(db, eb, ['name', 'email', 'phone', 'address'], q))
        .execute();
      expect(sorted(await listCustomers(db, { q }, 'name', {})), q).toEqual(sorted(plain));
    }
  });

  it('vehicles: make, model, VIN, plate and the customer name', async () => {
    for (const q of QUERIES) {
      const plain = await db
        .selectFrom('vehicles')
        .innerJoin('customers', 'customers.id', 'vehicles.customerId')
        .select('vehicles.id')
        .where((eb) =>
          matchesAny(
            db,
            eb,
            ['vehicles.make', 'vehicles.model', 'vehicles.vin', 'vehicles.licensePlate', 'customers.name'],
            q,
          ),
        )
        .execute();
      const found = JSON.parse((await searchVehicles(db, { q }, 'year', {})).items.text) as { id: string }[];
      expect(sorted(found), q).toEqual(sorted(plain));
    }
  });

  it('inspections: customer name, vehicle text, or the id from its start', async () => {
    for (const q of QUERIES) {
      const plain = await db
        .selectFrom('inspections')
        .innerJoin('customers', 'customers.id', 'inspections.customerId')
        .innerJoin('vehicles', 'vehicles.id', 'inspections.vehicleId')
        .select('inspections.id')
        .where((eb) =>
          eb.or([
            matchesAny(
              db,
              eb,
              ['customers.name', 'vehicles.make', 'vehicles.model', 'vehicles.licensePlate', 'vehicles.vin'],
              q,
            ),
            sql<boolean>`lower(${sql.ref('inspections.id')}) like ${likePattern(q).slice(1)} escape '\\'`,
          ]),
        )
        .execute();
      expect(sorted(await listInspectionKeys(db, { q }, 'recent', {})), q).toEqual(sorted(plain));
    }
  });

  it('invoices: customer name, make, model, "make model", or the id from its start', async () => {
    for (const q of QUERIES) {
      const plain = await db
        .selectFrom('invoices')
        .innerJoin('customers', 'customers.id', 'invoices.customerId')
        .leftJoin('vehicles', 'vehicles.id', 'invoices.vehicleId')
        .select('invoices.id')
        .where((eb) =>
          eb.or([
            matchesAny(db, eb, ['customers.name', 'vehicles.make', 'vehicles.model'], q),
            sql<boolean>`lower(${sql.ref('vehicles.make')} || ' ' || ${sql.ref('vehicles.model')}) like ${likePattern(q)} escape '\\'`,
            sql<boolean>`lower(${sql.ref('invoices.id')}) like ${likePattern(q).slice(1)} escape '\\'`,
          ]),
        )
        .execute();
      expect(sorted(await listInvoiceRows(db, { q }, 'date', {})), q).toEqual(sorted(plain));
    }
  });
}

describe('the indexed search finds exactly what the substring scan finds', () => {
  it('uses the index for many of the queries (the rest check the short-query scan)', () => {
    const indexed = QUERIES.filter(indexableSearch).length;
    expect(indexed).toBeGreaterThan(QUERIES.length / 3);
    expect(QUERIES.length - indexed).toBeGreaterThan(10);
  });

  sameAsTheScan();

  it('finds something for most queries, so the comparison is not between two empty lists', async () => {
    let found = 0;
    for (const q of QUERIES) if ((await listCustomers(db, { q }, 'name', {})).length > 0) found++;
    expect(found).toBeGreaterThan(QUERIES.length / 2);
  });
});

/** The FTS5 queries the customer searches of `run` sent, in order. */
async function ftsQueriesOf(searchDb: typeof db, run: (recorded: typeof db) => Promise<unknown>): Promise<string[]> {
  const matches: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => {
      const { parameters } = searchDb.getExecutor().compileQuery(node, { queryId: 'match' });
      matches.push(...parameters.filter((p): p is string => typeof p === 'string' && p.startsWith('{')));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await run(searchDb.withPlugin(recorder));
  return matches;
}

describe.runIf(testDatabaseKind() === 'sqlite')('the trigram counts read when the server starts', () => {
  it('lets the very first search ask for its rarest trigrams', async () => {
    const testApp = await createTestApp();
    try {
      // The upkeep started reading when the app became ready; nobody has searched yet.
      await trigramCountsRead(testApp.db);
      const [asked] = await ftsQueriesOf(testApp.db, (recorded) =>
        listCustomers(recorded, { q: 'anna zoë' }, 'name', {}),
      );
      expect(asked).toMatch(/^\{name email phone address\} : \(".{3}"( AND ".{3}")+\)$/u);
    } finally {
      await testApp.close();
    }
  });

  it('without them, the first search asks for the whole phrase, and reading them on demand changes that', async () => {
    const fresh = await createTestDatabase();
    try {
      await createCustomer(fresh.db, { name: 'Anna Zoë Lind' });
      const search = (recorded: typeof db) => listCustomers(recorded, { q: 'anna zoë' }, 'name', {});
      // The first search starts the reading in the background and asks for the phrase meanwhile.
      expect(await ftsQueriesOf(fresh.db, search)).toEqual(['{name email phone address} : "anna zoë"']);
      await trigramCountsRead(fresh.db);
      const [asked] = await ftsQueriesOf(fresh.db, search);
      expect(asked).toMatch(/ AND /);
      // Read again (as the hourly upkeep does): the same shop, the same question.
      await readTrigramCounts(fresh.db);
      expect(await ftsQueriesOf(fresh.db, search)).toEqual([asked]);
    } finally {
      await fresh.drop();
    }
  });
});

describe.runIf(testDatabaseKind() === 'sqlite')('how many rows a search can match, by the trigram counts', () => {
  it('is the fewest rows any of its trigrams is in, once the counts are read, and unknown for a trigram in no row', async () => {
    const fresh = await createTestDatabase();
    try {
      let n = 0;
      const add = (name: string) =>
        createCustomer(fresh.db, { name, email: `c${++n}@x.test`, phone: `555-01${n}`, address: null });
      for (const name of ['Quarn Vexo', 'Quarn Tibb', 'Tibbquar']) await add(name);
      const customers = { table: 'customers', index: ['name', 'email', 'phone', 'address'], columns: [] } as const;
      const most = (q: string) => searchTerms(fresh.db, customers, q).most;
      // Not read yet: no bound (the first search starts the reading).
      expect(most('quarn')).toBeUndefined();
      await trigramCountsRead(fresh.db);
      // "qua" is in three rows, "arn" in two: at most two rows hold "quarn" (both do).
      expect(most('quarn')).toBe(2);
      expect(most('QUAR')).toBe(3);
      expect(most('tibb')).toBe(2);
      // "rnx" is in no row: nothing to bound by. Short searches scan, without the index.
      expect(most('quarnx')).toBeUndefined();
      expect(most('qu')).toBeUndefined();
      // Rows added after the reading are not counted until the next one.
      await add('Quarn Ode');
      expect(most('quarn')).toBe(2);
      await readTrigramCounts(fresh.db);
      expect(most('quarn')).toBe(3);
    } finally {
      await fresh.drop();
    }
  });
});

// Once the shop's trigram counts are known, a search of 4+ characters asks FTS5 for its rarest
// trigrams instead of the whole phrase: the rows found must not change.
describe('the same, once the trigram counts are taken', () => {
  beforeAll(async () => {
    for (const q of QUERIES) await searchVehicles(db, { q }, 'year', {});
    await trigramCountsRead(db);
  });

  it.runIf(testDatabaseKind() === 'sqlite')('asks FTS5 for the rarest trigrams', async () => {
    await listCustomers(db, { q: 'anna zoë' }, 'name', {});
    await trigramCountsRead(db);
    const matches = await ftsQueriesOf(db, (recorded) => listCustomers(recorded, { q: 'anna zoë' }, 'name', {}));
    expect(matches).toHaveLength(1);
    // Some of its trigrams, at least two, none overlapping another ("anna zoë" has six: ann … zoë).
    const asked = /^\{name email phone address\} : \((.*)\)$/.exec(matches[0]!)?.[1]?.split(' AND ') ?? [];
    const at = asked.map((term) => 'anna zoë'.indexOf(JSON.parse(term) as string));
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(at.every((position) => position >= 0)).toBe(true);
    for (const a of at) for (const b of at) if (a !== b) expect(Math.abs(a - b)).toBeGreaterThanOrEqual(3);
  });

  sameAsTheScan();
});

// The trigram indexes merged back into one b-tree each (hourly upkeep): the rows found must not change.
describe('the same, once the search indexes are compacted', () => {
  it('merges the b-trees the rows added one by one left, and then has nothing left to do', async () => {
    const steps = await compactSearchIndexes(db);
    if (testDatabaseKind() === 'postgres') {
      expect(steps).toBe(0);
      return;
    }
    expect(steps).toBeGreaterThan(0);
    expect(await compactSearchIndexes(db)).toBe(0);
    for (const index of ['customers_search', 'vehicles_search']) {
      await sql`insert into ${sql.table(index)} (${sql.table(index)}) values ('integrity-check')`.execute(db);
    }
  });

  sameAsTheScan();
});
