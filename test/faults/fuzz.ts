import { request } from 'node:http';
import type { Report } from './report';
import { appRoutes } from './routes';
import { seedShop, type Seeded } from './seed';
import { FaultServer, ROOT } from './server';

const REQUESTS = Number(process.env.FAULTS_FUZZ_REQUESTS ?? 5000);
const PARALLEL = 8;

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const HOSTILE_IDS = [
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  "1'%20OR%20'1'='1",
  '%7B%7D',
  '__proto__',
  'constructor',
  'a'.repeat(5000),
  '%F0%9F%9A%97',
  '%C0%AF',
  '3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00',
  '3F0C7A52-9D1E-4B8A-A6F2-5C4D3E2B1A00',
  '00000000-0000-0000-0000-000000000000',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  '%20',
  '%0d%0aSet-Cookie:%20x=1',
];
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -1e308,
  2 ** 53 + 1,
  0.1,
  'NaN',
  'Infinity',
  '-0',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '💥'.repeat(50),
  'x'.repeat(100_000),
  "'; drop table customers; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  [],
  [null],
  [1, 'two', {}],
  {},
  { __proto__: { admin: true } },
  { constructor: { prototype: { polluted: 1 } } },
  '2024-02-30T25:61:00Z',
  '1e5',
  '12.345',
  '-5.00',
  '\ud800',
  '%s%n',
  { $gt: '' },
];
const FIELDS = [
  'id',
  'name',
  'email',
  'phone',
  'address',
  'status',
  'customerId',
  'vehicleId',
  'inspectionId',
  'technicianId',
  'username',
  'password',
  'currentPassword',
  'newPassword',
  'role',
  'year',
  'make',
  'model',
  'vin',
  'mileage',
  'services',
  'parts',
  'lineItems',
  'description',
  'amount',
  'laborCost',
  'partsCost',
  'partCost',
  'partName',
  'note',
  'notes',
  'leaks',
  'frontLeftTread',
  'checkEngineLight',
  'subject',
  'body',
  'limit',
  'since',
  '__proto__',
  'constructor',
  'prototype',
];
const QUERY_KEYS = [
  'q',
  'limit',
  'offset',
  'sort',
  'status',
  'since',
  'customerId',
  'todayStart',
  'todayEnd',
  '__proto__',
  'limit[]',
];

interface FuzzRequest {
  /** Bigger than the server accepts (body or URL): it may close the connection instead of answering. */
  oversized: boolean;
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: Buffer | string;
}

function idFor(random: Random, seed: Seeded): string {
  const real = [
    seed.customerId,
    seed.vehicleId,
    seed.inspectionId,
    seed.noteId,
    seed.partId,
    seed.invoiceId,
    seed.lineItemId,
    seed.templateId ?? '',
    seed.shareToken,
    seed.invoiceToken,
    ...seed.serviceIds,
  ].filter(Boolean);
  return random() < 0.4 ? pick(random, real) : pick(random, HOSTILE_IDS);
}

function hostileObject(random: Random, depth = 0): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const n = 1 + Math.floor(random() * 6);
  for (let i = 0; i < n; i++) {
    const key = pick(random, FIELDS);
    const value =
      depth < 2 && random() < 0.15
        ? random() < 0.5
          ? [hostileObject(random, depth + 1)]
          : hostileObject(random, depth + 1)
        : pick(random, HOSTILE_VALUES);
    Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return body;
}

function hostileBody(random: Random): { body?: Buffer | string; type?: string } {
  const roll = random();
  if (roll < 0.45) return { body: JSON.stringify(hostileObject(random)), type: 'application/json' };
  if (roll < 0.55)
    return {
      body: pick(random, [
        '{',
        '{"a":',
        '[1,2',
        'nul',
        '{"a":1}}',
        '\u0000',
        '{"__proto__":{"x":1}}',
        '"just a string"',
        '12',
        'true',
        '[]',
        '  ',
      ]),
      type: 'application/json',
    };
  if (roll < 0.6)
    return {
      body: JSON.stringify(hostileObject(random)),
      type: pick(random, [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=latin1',
        'application/jsonx',
        '',
      ]),
    };
  if (roll < 0.63) return { body: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }), type: 'application/json' };
  if (roll < 0.68) return { body: JSON.stringify(pick(random, [null, [], 0, 'x', [{}]])), type: 'application/json' };
  if (roll < 0.72) return { body: Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc3, 0x28]), type: 'application/json' };
  if (roll < 0.8) return {};
  return { body: JSON.stringify(hostileObject(random)), type: 'application/json' };
}

/** Every UTF-8 byte as %XX (a lone surrogate becomes U+FFFD instead of throwing). */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8').subarray(0, 600)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

function hostileQuery(random: Random): string {
  if (random() < 0.5) return '';
  const parts: string[] = [];
  const n = 1 + Math.floor(random() * 3);
  for (let i = 0; i < n; i++) {
    const value = pick(random, HOSTILE_VALUES);
    parts.push(
      `${encodeURIComponent(pick(random, QUERY_KEYS))}=${percentEncode(typeof value === 'string' ? value.slice(0, 3000) : (JSON.stringify(value) ?? ''))}`,
    );
  }
  if (random() < 0.1) parts.push('limit=1&limit=2');
  // Beyond Node's 16 kB header limit: refused by the HTTP parser (431), before the app.
  if (random() < 0.01) parts.push(`q=${'a'.repeat(20_000)}`);
  return `?${parts.join('&')}`;
}

function buildRequest(random: Random, route: string, seed: Seeded, usedKeys: string[]): FuzzRequest {
  const [method, url] = route.split(' ') as [string, string];
  const path = url.replace(/:[A-Za-z0-9_]+/g, () => idFor(random, seed)) + hostileQuery(random);
  const who = random();
  const headers: Record<string, string | string[]> = {};
  // Signing out as the fuzzing admin or technician would end the run's own sessions.
  const canSignIn = route !== 'POST /api/logout';
  if (canSignIn && who < 0.4) headers.cookie = seed.admin.cookie;
  else if (canSignIn && who < 0.75) headers.cookie = seed.tech.cookie;
  else if (who < 0.85)
    headers.cookie = pick(random, [
      'baywise.sid=forged.signature',
      'baywise.sid=',
      'baywise.sid=%00%ff',
      `baywise.sid=${'a'.repeat(4000)}`,
      'baywise.sid=a; baywise.sid=b',
      '=;;;=',
    ]);
  const extra = random();
  if (extra < 0.1) headers.origin = pick(random, ['http://evil.example', 'null', 'not a url', 'http://127.0.0.1']);
  else if (extra < 0.15)
    headers['sec-fetch-site'] = pick(random, ['cross-site', 'same-site', 'same-origin', 'garbage']);
  else if (extra < 0.2) headers['x-forwarded-for'] = ['1.2.3.4', 'not-an-ip'];
  else if (extra < 0.25) headers.accept = pick(random, ['text/html', '*/*', 'application/xml', '']);
  else if (extra < 0.3) headers['accept-encoding'] = pick(random, ['gzip', 'br', 'deflate, gzip;q=0', 'bogus']);
  let body: Buffer | string | undefined;
  if (method !== 'GET' && method !== 'DELETE') {
    const made = hostileBody(random);
    body = made.body;
    if (made.type) headers['content-type'] = made.type;
  } else if (random() < 0.05) {
    body = '{"unexpected":"body"}';
    headers['content-type'] = 'application/json';
  }
  if (method !== 'GET' && random() < 0.35) {
    const roll = random();
    // Replays of a used key with another body, and keys of the wrong shape.
    const key =
      roll < 0.4 && usedKeys.length
        ? pick(random, usedKeys)
        : roll < 0.7
          ? `fuzz-${Math.floor(random() * 1e9)}`
          : pick(random, ['', ' ', 'a'.repeat(300), 'k\u00e4y', 'a\tb', 'a b', '%00']);
    headers['idempotency-key'] = random() < 0.05 ? [key, 'second'] : key;
    if (key.startsWith('fuzz-')) usedKeys.push(key);
  }
  const size = path.length + (body?.length ?? 0);
  return { oversized: size > 1024 * 1024 || path.length > 16 * 1024, method, path, headers, body };
}

function send(baseUrl: string, req: FuzzRequest): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const client = request(
      `${baseUrl}${req.path}`,
      { method: req.method, headers: req.headers, timeout: 20_000, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            type: String(res.headers['content-type'] ?? ''),
          }),
        );
        res.on('error', reject);
      },
    );
    client.on('timeout', () => client.destroy(new Error('no answer in 20 s')));
    client.on('error', reject);
    client.end(req.body);
  });
}

const LEAKS: [string, RegExp][] = [
  ['stack trace', /\bat [\w$.<>]+ \(?[^\s()]+:\d+:\d+\)?/],
  ['file path', new RegExp(`${ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|node_modules|/api/(modules|db|plugins)/`)],
  [
    'SQL',
    /SQLITE_|sqlite3?\b|syntax error|constraint failed|no such (table|column)|\bselect\b.+\bfrom\b|\binsert into\b/i,
  ],
];

/** Checks one answer: no 5xx, errors in the JSON error shape, nothing internal in the body. */
function problem(res: { status: number; body: string; type: string }): string | undefined {
  if (res.status >= 500) return `status ${res.status}: ${res.body.slice(0, 300)}`;
  if (res.status >= 400) {
    let json: unknown;
    try {
      json = JSON.parse(res.body);
    } catch {
      return `status ${res.status} with a body that is not JSON: ${res.body.slice(0, 200)}`;
    }
    const shape = json as { error?: unknown; message?: unknown };
    if (typeof shape?.error !== 'string' || typeof shape.message !== 'string')
      return `status ${res.status} without {error, message}: ${res.body.slice(0, 200)}`;
    const leak = LEAKS.find(([, pattern]) => pattern.test(res.body));
    if (leak) return `${leak[0]} in an error body: ${res.body.slice(0, 300)}`;
  } else if (LEAKS[0]![1].test(res.body)) {
    return `stack trace in a ${res.status} body: ${res.body.slice(0, 300)}`;
  }
  return undefined;
}

/** ≥ 5,000 hostile requests spread over every route, as anonymous, technician and admin. */
export async function runFuzz(report: Report, random: Random): Promise<void> {
  report.section(`Fuzz: ${REQUESTS} hostile requests over every route`);
  const server = await FaultServer.start();
  try {
    const routes = await appRoutes(server.dataDir);
    const seed = await seedShop(server.baseUrl, server.dataDir);
    const statuses = new Map<number, number>();
    const perRoute = new Map<string, number>();
    const problems: string[] = [];
    const usedKeys: string[] = [];
    let next = 0;
    let cutOff = 0;
    const worker = async () => {
      while (next < REQUESTS) {
        // Round-robin over the routes, so each gets its share; the rest of each request is random.
        const route = routes[next++ % routes.length]!;
        const req = buildRequest(random, route, seed, usedKeys);
        try {
          const res = await send(server.baseUrl, req);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          perRoute.set(route, (perRoute.get(route) ?? 0) + 1);
          const found = problem(res);
          if (found) problems.push(`${req.method} ${req.path.slice(0, 120)}: ${found}`);
        } catch (err) {
          // Fastify's router refuses a bad URL (400/414) with `Connection: close` before reading a
          // body sent along; Node's client then reports the unread rest as a parse error.
          if (req.oversized || /Data after `Connection: close`/.test(String(err))) {
            cutOff++;
            continue;
          }
          problems.push(`${req.method} ${req.path.slice(0, 120)}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const fewest = Math.min(...routes.map((r) => perRoute.get(r) ?? 0));
    report.line(`${routes.length} routes, ${total} answers (at least ${fewest} per route)`);
    report.line(
      `requests the server closed before or right after answering (oversized, or a bad URL with a body): ${cutOff}`,
    );
    report.line(
      `statuses: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s} × ${n}`)
        .join(', ')}`,
    );
    const fives = [...statuses].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
    report.check('no answer ≥ 500', fives === 0, `${fives} answers ≥ 500`);
    report.check(
      'every error is the JSON error shape, with nothing internal in any body',
      problems.length === 0,
      `${problems.length} problems, first: ${problems.slice(0, 3).join(' | ')}`,
    );
    report.check(
      `at least ${REQUESTS} requests sent`,
      total + cutOff + problems.length >= REQUESTS,
      `${total} answered`,
    );
    const log = server.log();
    report.check('the server logged no error', !/"level":50|request failed/.test(log), log.slice(-600));
  } finally {
    await server.remove();
  }
}
