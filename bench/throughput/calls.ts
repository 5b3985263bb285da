/**
 * The calls the throughput section measures, each a generator of requests that vary the row
 * (different customers, inspections, tokens) so no answer is one cached row.
 */
import { newRowId } from '@shared/ids';
import { settingList, type RequestSpec } from './load';
import { FIRST_NAMES, SURNAMES } from './names';
import { BENCH_PASSWORD, BENCH_USERS, type ShopCatalog } from './shop-rows';

/** A floor: a share of the same run's hello-world, a p99 and no errors. */
export interface Goal {
  share: number;
  p99Ms: number;
}

export interface Call {
  label: string;
  /** Unset for the writes, whose req/s are compared with an earlier run's. */
  goal?: Goal;
  next: () => RequestSpec;
  /** Sent without the staff session, as a customer's phone does (a signed-in look is a preview). */
  customer?: boolean;
  /**
   * Runs once before the call is measured, with the request headers it will send (cursors to find,
   * say); false when the server measured does not offer the call (an older checkout).
   */
  prepare?: (baseUrl: string, headers: Record<string, string>) => Promise<boolean>;
}

const goal = (share: number, p99Ms = 50): Goal => ({ share, p99Ms });

/**
 * The calls whose label contains one of BENCH_CALLS' comma-separated parts, all without it: a profile
 * or a comparison of one change measures only the calls it is about.
 */
export function chosen(calls: Call[], value = process.env.BENCH_CALLS): Call[] {
  const parts = settingList(value);
  return parts.length === 0 ? calls : calls.filter((call) => parts.some((part) => call.label.includes(part)));
}

/** Signs in through POST /api/login; returns the session cookie. */
export async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USERS.admin, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`POST /api/login answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('baywise.sid='));
  if (!cookie) throw new Error('POST /api/login set no session cookie');
  return cookie.split(';')[0] ?? '';
}

/** Cycles through `list`, one item per request. */
function cycle<T>(list: readonly T[]): () => T {
  if (list.length === 0) throw new Error('nothing to vary the requests with');
  let n = 0;
  return () => list[n++ % list.length] as T;
}

/** Spreads `count` picks evenly over the list (every k-th item), so requests touch the whole shop. */
function spread<T>(list: readonly T[], count = 1000): T[] {
  const step = Math.max(1, Math.floor(list.length / count));
  return list.filter((_, i) => i % step === 0);
}

/**
 * The list's items in a stride that visits every one once before any again, far apart from one
 * request to the next (a prime stride that does not divide the length).
 */
function strided<T>(list: readonly T[]): () => T {
  if (list.length === 0) throw new Error('nothing to vary the requests with');
  // Two primes: a length divisible by one is not by the other.
  const stride = list.length % 7919 === 0 ? 7927 : 7919;
  let n = 0;
  return () => list[(n++ * stride) % list.length] as T;
}

const q = (text: string) => encodeURIComponent(text);

/**
 * The cursors (`X-Next-Cursor`) of `count` pages spread over a whole list, found by walking it in
 * steps of `step` rows; the first page's place is the empty cursor.
 */
async function cursorsOf(
  baseUrl: string,
  headers: Record<string, string>,
  list: string,
  rows: number,
  count = 500,
): Promise<string[]> {
  const step = Math.max(1, Math.ceil(rows / count));
  const cursors = [''];
  let after = '';
  while (cursors.length < count) {
    const response = await fetch(`${baseUrl}${list}&limit=${step}${after && `&after=${q(after)}`}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${list} answered ${response.status} while its cursors were read`);
    after = response.headers.get('x-next-cursor') ?? '';
    if (!after) break;
    cursors.push(after);
  }
  return cursors;
}

/** A list page read at one of 500 places spread over the list, by its cursor, never twice in a row. */
function pagesByCursor(label: string, list: string, limit: number, rows: () => number): Call {
  let next: () => string = () => '';
  return {
    label,
    goal: goal(0.05),
    prepare: async (baseUrl, headers) => {
      const cursors = await cursorsOf(baseUrl, headers, list, rows());
      if (cursors.length < 2) return false;
      next = strided(cursors);
      return true;
    },
    next: () => {
      const after = next();
      return { path: `${list}&limit=${limit}${after && `&after=${q(after)}`}` };
    },
  };
}

/**
 * Words an advisor types to find a customer: every surname and first name of the shop, then an
 * initial with a surname ("K. Nguyen", as the names are written), until there are `count`.
 */
function nameWords(count = 640): string[] {
  const words: string[] = [...SURNAMES, ...FIRST_NAMES];
  for (let letter = 0; words.length < count; letter = (letter + 7) % 26) {
    const surname = SURNAMES[words.length % SURNAMES.length] ?? '';
    words.push(`${String.fromCharCode(65 + letter)}. ${surname}`);
  }
  // Surnames and first names interleaved with the rest, so light and heavy searches alternate.
  return words.map((_, i) => words[(i * 263) % words.length] as string);
}

export function searchCalls(shop: ShopCatalog): Call[] {
  const word = cycle(nameWords());
  const unique = cycle(shop.uniqueNames);
  const email = cycle(shop.emailFragments);
  return [
    {
      label: 'GET /api/customers?limit=50&q=<a name word>',
      goal: goal(0.05),
      next: () => ({ path: `/api/customers?limit=50&q=${q(word())}` }),
    },
    {
      label: 'GET /api/customers?limit=50&q=<one customer>',
      goal: goal(0.05),
      next: () => ({ path: `/api/customers?limit=50&q=${q(unique())}` }),
    },
    {
      label: 'GET /api/customers?limit=50&q=<email fragment>',
      goal: goal(0.05),
      next: () => ({ path: `/api/customers?limit=50&q=${q(email())}` }),
    },
  ];
}

/** The inspection list's page of 20, at 500 places over the whole list. */
export const inspectionListCall = (shop: ShopCatalog): Call =>
  pagesByCursor(
    'GET /api/inspections?limit=20&after=<cursor>',
    '/api/inspections?sort=recent',
    20,
    () => shop.inspectionIds.length,
  );

/** Search and list calls for the scale comparison. */
export function scaleCalls(shop: ShopCatalog): Call[] {
  const offsets = strided(
    spread(
      Array.from({ length: shop.customers }, (_, i) => i),
      500,
    ),
  );
  return [
    ...searchCalls(shop),
    pagesByCursor(
      'GET /api/customers?limit=50&sort=name&after=<cursor>',
      '/api/customers?sort=name',
      50,
      () => shop.customers,
    ),
    {
      label: 'GET /api/customers?limit=50&sort=name&offset=<n>',
      goal: goal(0.05),
      next: () => ({ path: `/api/customers?limit=50&sort=name&offset=${offsets()}` }),
    },
    inspectionListCall(shop),
  ];
}

export function detailCalls(shop: ShopCatalog): Call[] {
  const customer = cycle(spread(shop.customerIds));
  const inspection = cycle(spread(shop.inspectionIds));
  const report = cycle(spread(shop.inspectionTokens));
  const invoice = cycle(spread(shop.invoiceTokens));
  // Pages of 500 changes, each from a cursor never read before, as devices syncing from scratch
  // at different times read them.
  const cursor = strided(Array.from({ length: Math.max(1, shop.changes - 500) }, (_, i) => i));
  return [
    {
      label: 'GET /api/customers/:id/vehicles',
      goal: goal(0.25),
      next: () => ({ path: `/api/customers/${customer()}/vehicles` }),
    },
    inspectionListCall(shop),
    { label: 'GET /api/inspections/:id', goal: goal(0.15), next: () => ({ path: `/api/inspections/${inspection()}` }) },
    {
      label: 'GET /api/public/inspections/:token',
      goal: goal(0.15),
      customer: true,
      next: () => ({ path: `/api/public/inspections/${report()}` }),
    },
    {
      label: 'GET /api/public/invoices/:token',
      goal: goal(0.15),
      customer: true,
      next: () => ({ path: `/api/public/invoices/${invoice()}` }),
    },
    {
      label: 'GET /api/sync/changes?since=<n>&limit=500',
      goal: goal(0.01, 200),
      next: () => ({ path: `/api/sync/changes?since=${cursor()}&limit=500` }),
    },
  ];
}

/**
 * The advisor's desk: nine reads (a customer's vehicles, an inspection, a search, the inspection
 * list, a report, in turn), then one customer renamed, over and over. Every read after a rename
 * must see the database as it is now, whatever it read before.
 */
export function mixedCall(shop: ShopCatalog): Call {
  const [vehicles, list, inspection, report] = detailCalls(shop) as [Call, Call, Call, Call];
  const [byWord, byName] = searchCalls(shop) as [Call, Call];
  const reads = [vehicles, inspection, byWord, list, report, vehicles, inspection, byName, report];
  const renamed = cycle(spread(shop.customerIds, 500));
  let n = 0;
  return {
    label: 'mixed: 9 reads, then a customer renamed',
    goal: goal(0.05),
    prepare: async (baseUrl, headers) => (await list.prepare?.(baseUrl, headers)) !== false,
    next: () => {
      const k = n++ % 10;
      if (k < 9) return (reads[k] as Call).next();
      const first = FIRST_NAMES[n % FIRST_NAMES.length] ?? 'Sam';
      const last = SURNAMES[(n * 7) % SURNAMES.length] ?? 'Lee';
      return {
        method: 'PUT',
        path: `/api/customers/${renamed()}`,
        body: { name: `${first} ${String.fromCharCode(65 + (n % 26))}. ${last}` },
      };
    },
  };
}

// Ids and idempotency keys as the web app makes them (`newRowId`: time-ordered).
const service = (n: number, position: number) => ({
  id: newRowId(),
  description: ['Front brake pads', 'Oil and filter change', 'Cabin air filter'][position] ?? 'Wiper blades',
  laborCost: `${80 + (n % 50)}.00`,
  status: 'recommended' as const,
  parts: [
    { id: newRowId(), partName: 'Part', partCost: `${20 + (n % 30)}.50` },
    ...(position === 0 ? [{ id: newRowId(), partName: 'Hardware kit', partCost: '9.99' }] : []),
  ],
});

/** The two writes: an inspection created as the offline client sends it, and a customer's approval. */
export function writeCalls(shop: ShopCatalog): Call[] {
  const customers = spread(shop.customerIds.map((id, i) => ({ id, vehicleId: shop.vehicleIds[i] ?? '' })));
  const owner = cycle(customers);
  let n = 0;
  const decision = cycle(shop.decisions);
  return [
    {
      label: 'POST /api/inspections (3 services)',
      next: () => {
        const { id: customerId, vehicleId } = owner();
        const k = n++;
        return {
          method: 'POST',
          path: '/api/inspections',
          headers: { 'idempotency-key': newRowId() },
          body: {
            id: newRowId(),
            customerId,
            vehicleId,
            status: 'in_progress',
            frontLeftTread: 6.5,
            frontRightTread: 6.4,
            rearLeftTread: 4.1,
            rearRightTread: 4.0,
            oilCondition: 'slightly_dirty',
            oilLevel: 'full',
            leaks: [],
            checkEngineLight: false,
            notes: 'Routine inspection.',
            services: [0, 1, 2].map((p) => service(k, p)),
          },
        };
      },
    },
    {
      label: 'PUT /api/public/inspections/:token/services/:id/approve',
      customer: true,
      next: () => {
        const { token, serviceId } = decision();
        return { method: 'PUT', path: `/api/public/inspections/${token}/services/${serviceId}/approve` };
      },
    },
  ];
}
