/**
 * A year of a busy shop for the funnel report: 30,000 inspections with 3 services each, most of
 * them sent, viewed and decided, written with plain multi-row inserts (no HTTP), then the
 * report's per-inspection summary filled by the app's own statement, as the writes would have.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { REFRESH_ALL_FUNNEL_SQL } from '@api/db/inspection-funnel';
import { hashPassword } from '@api/lib/password';
import { mulberry32 } from '@shared/seeded-random';
import type { Target } from './throughput/seed-shop';
import { BENCH_PASSWORD, BENCH_USERS, COLUMNS, staffRow, type Row } from './throughput/shop-rows';

export const FUNNEL_INSPECTIONS = 30_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

type Insert = (table: string, columns: readonly string[], rows: Row[]) => Promise<void>;

const SENDS = [
  'id',
  'inspection_id',
  'invoice_id',
  'user_id',
  'channel',
  'recipient',
  'subject',
  'body',
  'status',
  'error',
  'sent_at',
  'created_at',
];
const VIEWS = ['target_kind', 'target_id', 'first_viewed_at', 'last_viewed_at', 'view_count'];
const DECISIONS = [
  'id',
  'inspection_id',
  'service_id',
  'description',
  'decision',
  'actor',
  'user_id',
  'method',
  'amount_cents',
  'client_address',
  'user_agent',
  'signer_name',
  'signature',
  'decided_at',
];

function values(count: number, columns: number, numbered: boolean): string {
  let n = 0;
  const one = () => `(${Array.from({ length: columns }, () => (numbered ? `$${++n}` : '?')).join(', ')})`;
  return Array.from({ length: count }, one).join(', ');
}

async function withSink(target: Target, work: (insert: Insert) => Promise<void>): Promise<void> {
  if (target.kind === 'sqlite') {
    const db = new Database(path.join(target.dataDir, 'baywise.sqlite'));
    db.pragma('synchronous = OFF');
    db.exec('begin');
    await work(async (table, columns, rows) => {
      const per = Math.floor(30_000 / columns.length);
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        db.prepare(
          `insert into ${table} (${columns.join(', ')}) values ${values(chunk.length, columns.length, false)}`,
        ).run(chunk.flat());
      }
    });
    db.exec(REFRESH_ALL_FUNNEL_SQL);
    db.exec('commit');
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  await client.query('begin');
  await work(async (table, columns, rows) => {
    const per = Math.floor(60_000 / columns.length);
    for (let i = 0; i < rows.length; i += per) {
      const chunk = rows.slice(i, i + per);
      await client.query(
        `insert into ${table} (${columns.join(', ')}) values ${values(chunk.length, columns.length, true)}`,
        chunk.flat(),
      );
    }
  });
  await client.query(REFRESH_ALL_FUNNEL_SQL);
  await client.query('commit');
  // A shop that has run a while has been vacuumed and analysed (autovacuum): index-only scans then
  // skip the table, and the planner knows the row counts.
  await client.query('vacuum analyze');
  await client.end();
}

/** Seeds the year ending now; returns the first and last UTC date it covers. */
export async function seedFunnelYear(target: Target): Promise<{ from: string; to: string }> {
  const random = mulberry32(15);
  const now = Date.now();
  const start = now - 365 * DAY_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  const stamp = iso(start);
  const hash = await hashPassword(BENCH_PASSWORD);
  const user = (id: string, name: string, role: string): Row =>
    staffRow(id, name, `${name}@baywise.test`, hash, role, stamp);
  const technicians = Array.from({ length: 6 }, () => randomUUID());
  const advisors = Array.from({ length: 4 }, () => randomUUID());
  const users: Row[] = [
    user(randomUUID(), BENCH_USERS.admin, 'admin'),
    ...technicians.map((id, i) => user(id, `tech${i + 1}`, 'technician')),
    ...advisors.map((id, i) => user(id, `advisor${i + 1}`, 'service_advisor')),
  ];
  const customers: Row[] = [];
  const vehicles: Row[] = [];
  for (let i = 0; i < 10_000; i++) {
    const customerId = randomUUID();
    customers.push([
      customerId,
      `Customer ${i}`,
      `customer${i}@mail.example`,
      `555-${String(i).padStart(7, '0')}`,
      null,
      'active',
      null,
      stamp,
      stamp,
    ]);
    vehicles.push([
      randomUUID(),
      customerId,
      2010 + (i % 15),
      'Ford',
      'F-150',
      null,
      null,
      null,
      null,
      null,
      stamp,
      stamp,
    ]);
  }
  const inspections: Row[] = [];
  const services: Row[] = [];
  const parts: Row[] = [];
  const sends: Row[] = [];
  const views: Row[] = [];
  const decisions: Row[] = [];
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  for (let i = 0; i < FUNNEL_INSPECTIONS; i++) {
    const id = randomUUID();
    const created = start + Math.floor((i / FUNNEL_INSPECTIONS) * 365 * DAY_MS) + Math.floor(random() * 60 * MINUTE_MS);
    const v = i % 10_000;
    const inspection: Row = [
      id,
      customers[v]![0] as string,
      vehicles[v]![0] as string,
      pick(technicians),
      randomBytes(24).toString('base64url'),
      'completed',
    ];
    inspections.push([...inspection, ...Array<null>(14).fill(null), '[]', 0, null, null, iso(created), iso(created)]);
    const sent = random() < 0.85 ? created + Math.floor(random() * 90 * MINUTE_MS) : null;
    const viewed = sent !== null && random() < 0.8 ? sent + Math.floor(random() * 120 * MINUTE_MS) : null;
    if (sent !== null) {
      sends.push([
        randomUUID(),
        id,
        null,
        pick(advisors),
        'email',
        'customer@mail.example',
        'Your report',
        null,
        'sent',
        null,
        iso(sent),
        iso(sent),
      ]);
      if (random() < 0.2)
        sends.push([
          randomUUID(),
          id,
          null,
          pick(advisors),
          'text',
          null,
          null,
          null,
          'opened',
          null,
          iso(sent + 3600_000),
          iso(sent + 3600_000),
        ]);
    }
    if (viewed !== null) views.push(['inspection', id, iso(viewed), iso(viewed + 600_000), 2]);
    for (let s = 0; s < 3; s++) {
      const serviceId = randomUUID();
      const labor = 2000 + Math.floor(random() * 40_000);
      const status = viewed === null ? 'recommended' : pick(['approved', 'approved', 'declined', 'recommended']);
      services.push([serviceId, id, `Service ${s + 1}`, null, 0, labor, status, s, iso(created), iso(created)]);
      if (s === 0)
        parts.push([randomUUID(), serviceId, 'Part', null, 1500 + Math.floor(random() * 5000), 0, iso(created)]);
      if (status !== 'recommended' && viewed !== null) {
        decisions.push([
          randomUUID(),
          id,
          serviceId,
          `Service ${s + 1}`,
          status,
          'customer',
          null,
          'link',
          labor,
          null,
          null,
          null,
          null,
          iso(viewed + (s + 1) * 5 * MINUTE_MS),
        ]);
      }
    }
  }
  await withSink(target, async (insert) => {
    await insert('users', COLUMNS.users, users);
    await insert('customers', COLUMNS.customers, customers);
    await insert('vehicles', COLUMNS.vehicles, vehicles);
    await insert('inspections', COLUMNS.inspections, inspections);
    await insert('services', COLUMNS.services, services);
    await insert('service_parts', COLUMNS.service_parts, parts);
    await insert('share_sends', SENDS, sends);
    await insert('share_views', VIEWS, views);
    await insert('service_decisions', DECISIONS, decisions);
  });
  return { from: iso(start).slice(0, 10), to: iso(now).slice(0, 10) };
}
