import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app';
import { MAX_PARAM_LENGTH, literalPercents } from './plugins/errors';
import { useTestApp } from './test/app';
import { ROUTE_ACCESS, sampleUrl } from './test/route-access';

const t = await useTestApp();
const admin = await t.signIn('admin');

// Logout would end the shared admin session; it gets its own client below.
const writeRoutes = Object.keys(ROUTE_ACCESS).filter(
  (key) => /^(POST|PUT|PATCH) /.test(key) && key !== 'POST /api/logout',
);
const idRoutes = Object.keys(ROUTE_ACCESS).filter((key) => key.includes(':p'));

/** Every error is JSON `{ error, message }` with no internals in it. */
function expectCleanError(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  status?: number,
) {
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(res.body).not.toMatch(/SQLITE|sqlite|SELECT |INSERT |UPDATE |syntax error|\.ts:\d+|node_modules|at [\w.]+ \(/);
}

function method(key: string) {
  return key.split(' ')[0] as 'POST';
}

describe('malformed input on every write route', () => {
  it.each(writeRoutes)('%s: malformed JSON is 400 invalid_json', async (key) => {
    const res = await admin.inject({
      method: method(key),
      url: sampleUrl(key),
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ann", ',
    });
    expectCleanError(res, 400);
    expect(res.json().error).toBe('invalid_json');
  });

  it.each(writeRoutes)('%s: a body over the limit is 413', async (key) => {
    const res = await admin.inject({
      method: method(key),
      url: sampleUrl(key),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ notes: 'x'.repeat(BODY_LIMIT_BYTES + 10) }),
    });
    expectCleanError(res, 413);
    expect(res.json().error).toBe('payload_too_large');
  });

  it.each(writeRoutes)('%s: a non-JSON content type is refused cleanly', async (key) => {
    const res = await admin.inject({
      method: method(key),
      url: sampleUrl(key),
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expectCleanError(res, 415);
    expect(res.json()).toEqual({
      error: 'unsupported_media_type',
      message: 'Send the request body as application/json',
    });
  });

  const hostile: unknown[] = [
    null,
    'a string',
    42,
    [],
    [{}],
    { id: 'not-a-uuid' },
    { name: { $gt: '' }, email: ['a'], phone: 5, status: 'deleted' },
    { year: 'abc', mileage: -5, customerId: 'nope', vin: 'X'.repeat(40) },
    { inspectionId: 12, status: 'paid-ish', lineItems: 'many' },
    { services: [{ description: '', laborCost: 'ten', parts: [{ partName: null }] }] },
    { laborCost: '1e400', partsCost: -1, status: 'maybe' },
    { username: 'x'.repeat(500), password: 7, role: 'superuser' },
    { a: { b: { c: { d: { e: { f: [1, [2, [3, [4]]]] } } } } } },
  ];

  it.each(writeRoutes)('%s: hostile bodies never give a 500', async (key) => {
    for (const payload of hostile) {
      const res = await admin.inject({
        method: method(key),
        url: sampleUrl(key),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expectCleanError(res);
    }
  });
});

describe('logout with a malformed body', () => {
  it('is a clean 400 and keeps the session', async () => {
    const client = await t.signIn('technician');
    const res = await client.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops": ',
    });
    expectCleanError(res, 400);
    expect((await client.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });
});

/** The admin's request to an id route with `id` in each of its ids (an empty body for a write). */
const sendWithId = (key: string, id: string) =>
  admin.inject({
    method: method(key),
    url: sampleUrl(key, id),
    ...(/^(POST|PUT|PATCH) /.test(key) ? { payload: {} } : {}),
  });

describe('ids in the URL', () => {
  it.each(idRoutes)('%s: a malformed id is a clean 400 or 404', async (key) => {
    const res = await sendWithId(key, 'not-a-uuid%27%20OR%201=1');
    expectCleanError(res);
    expect([400, 404]).toContain(res.statusCode);
  });
});

describe('addresses the router cannot read as they are', () => {
  const ERROR_CODES = ['bad_request', 'validation_error', 'not_found'];

  // `%ff` decodes to no character: each % of such a path stands for itself (the id `%ff`).
  // As its route answers another id that is not one (`!` is outside every id's and token's characters):
  // without the rewrite the router refused it the same way on every route.
  it.each(idRoutes)('%s: an id with a malformed percent-escape is answered by its route', async (key) => {
    const [res, plain] = await Promise.all([sendWithId(key, 'ab%ffcd'), sendWithId(key, 'ab!ffcd')]);
    expectCleanError(res);
    expect([400, 404]).toContain(res.statusCode);
    expect(ERROR_CODES).toContain(res.json().error);
    expect([res.statusCode, res.json().error]).toEqual([plain.statusCode, plain.json().error]);
    expect(res.body).not.toContain('ab%ffcd');
  });

  it.each(idRoutes)('%s: an id of 3,000 characters is answered by its route', async (key) => {
    const long = 'z'.repeat(3000);
    const res = await sendWithId(key, long);
    expectCleanError(res);
    expect([400, 404]).toContain(res.statusCode);
    expect(ERROR_CODES).toContain(res.json().error);
    expect(res.body).not.toContain(long);
  });

  it('a share link that is not one gets the 404 with the shop to call, however it is mangled', async () => {
    for (const token of ['%ff', 'abc%', '%E0%A4%A', 'z'.repeat(3000)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/inspections/${token}` });
      expectCleanError(res, 404);
      expect(res.json(), token.slice(0, 20)).toMatchObject({ error: 'not_found', message: 'Inspection not found' });
      expect(res.json().shop, token.slice(0, 20)).toBeTypeOf('object');
    }
  });

  it('reads every % of a path that does not decode as itself, and leaves other URLs as they are', () => {
    expect(literalPercents('/mpi/%ff?x=%zz')).toBe('/mpi/%25ff?x=%zz');
    expect(literalPercents('/mpi/a%20b%')).toBe('/mpi/a%2520b%25');
    expect(literalPercents('/mpi/a%20b?x=%zz')).toBe('/mpi/a%20b?x=%zz');
    expect(literalPercents('/api/customers')).toBe('/api/customers');
    expect(literalPercents('/mpi/%20x#%ff')).toBe('/mpi/%20x#%ff');
    expect(literalPercents('/mpi/%ff#x')).toBe('/mpi/%25ff#x');
  });

  it('a parameter longer than any request line Node accepts (only app.inject can send one) is refused in the API shape', async () => {
    const res = await admin.inject({ method: 'GET', url: `/api/customers/${'z'.repeat(MAX_PARAM_LENGTH + 1)}` });
    expectCleanError(res, 414);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'The address is not valid' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('an unknown API path with a malformed percent-escape is the JSON 404, with the security headers', async () => {
    const res = await admin.inject({ method: 'GET', url: '/api/%ff?q=%zz' });
    expectCleanError(res, 404);
    expect(res.json().error).toBe('not_found');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe("requests Node's HTTP parser cannot read", () => {
  let port = 0;
  beforeAll(async () => {
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });

  /** What the server answers on a raw connection to `request`, once it closes the connection. */
  async function rawAnswer(request: string): Promise<{ status: number; headers: string; body: string }> {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request));
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('close', () => resolve(received));
      // The server closes as soon as it has answered: a reset after the answer still leaves the answer.
      socket.on('error', (error) => (received ? resolve(received) : reject(error)));
    });
    const [head = '', body = ''] = text.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), headers: head, body };
  }

  it.each([
    ['headers over 16 KB', `GET /api/config HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['a request that is not HTTP', 'HELLO THERE\r\n\r\n', 400],
    ['a header line without a colon', 'GET /api/config HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n', 400],
    [
      'a chunk extension over 16 KB',
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n' +
        `2;x=${'a'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
      413,
    ],
  ])('%s: answered in the API error shape, and the connection closed', async (_name, request, status) => {
    const answer = await rawAnswer(request);
    expect(answer.status).toBe(status);
    expect(answer.headers).toContain('Content-Type: application/json; charset=utf-8');
    expect(answer.headers).toContain('Connection: close');
    expect(answer.headers).toContain(`Content-Length: ${Buffer.byteLength(answer.body)}`);
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(body).toEqual({ error: status === 413 ? 'payload_too_large' : 'bad_request', message: expect.any(String) });
    expect(body.message).not.toMatch(/HPE_|Client Error/);
  });
});

describe('unknown paths and query strings', () => {
  it('an unknown API path is a JSON 404', async () => {
    const res = await admin.inject({ method: 'GET', url: '/api/no-such-thing' });
    expectCleanError(res, 404);
  });

  it('wrong query types on lists are 400 with the failing field', async () => {
    for (const url of ['/api/customers?limit=abc', '/api/vehicles?offset=-1', '/api/invoices?limit=100000']) {
      const res = await admin.inject({ method: 'GET', url });
      expectCleanError(res, 400);
      expect(res.json().issues?.length, url).toBeGreaterThan(0);
    }
  });
});

describe('empty JSON bodies', () => {
  it('count as no body: a route that needs one says what is missing', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectCleanError(res, 400);
    expect(res.json().error).toBe('validation_error');
  });
});
