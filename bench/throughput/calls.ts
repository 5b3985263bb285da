/**
 * The calls the throughput section measures, each a generator of requests that vary the row
 * (different customers, inspections, tokens) so no answer is one cached row.
 */
import { newRowId } from '@shared/ids';
import { settingList, type RequestSpec } from './load';
import { BENCH_PASSWORD, BENCH_USERS, type ShopCatalog } from './shop-rows';

export type Group = 'detail' | 'search' | 'list' | 'sync' | 'create';

export interface Call {
  label: string;
  group: Group;
  next: () => RequestSpec;
  /** Sent without the staff session, as a customer's phone does (a signed-in look is a preview). */
  customer?: boolean;
  /**
   * Runs once before the call is measured, with the request headers it will send (a cursor to find,
   * say); false when the server measured does not offer the call (an older checkout).
   */
  prepare?: (baseUrl: string, headers: Record<string, string>) => Promise<boolean>;
}

/** Share of the hello-world each group must reach. */
export const GOALS: Record<Group, number | undefined> = {
  detail: 0.25,
  search: 0.1,
  list: 0.05,
  sync: 0.02,
  create: undefined,
};

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

export function searchCalls(shop: ShopCatalog): Call[] {
  const unique = cycle(shop.uniqueNames);
  const email = cycle(shop.emailFragments);
  return [
    {
      label: 'GET /api/customers?limit=50&q=<common surname>',
      group: 'search',
      next: () => ({ path: `/api/customers?limit=50&q=${q(shop.commonSurname)}` }),
    },
    {
      label: 'GET /api/customers?limit=50&q=<one customer>',
      group: 'search',
      next: () => ({ path: `/api/customers?limit=50&q=${q(unique())}` }),
    },
    {
      label: 'GET /api/customers?limit=50&q=<email fragment>',
      group: 'search',
      next: () => ({ path: `/api/customers?limit=50&q=${q(email())}` }),
    },
  ];
}

export const inspectionListCall: Call = {
  label: 'GET /api/inspections?limit=20',
  group: 'list',
  next: () => ({ path: '/api/inspections?limit=20' }),
};

/**
 * The same deep page as the offset call, read as the X-Next-Cursor of the page before it hands it on
 * (`after=`): the form for deep pages, which starts on the sort's index at the cursor instead of
 * walking the index past every row before it.
 */
function deepPageByCursor(deep: number): Call {
  let cursor = '';
  return {
    label: 'GET /api/customers?limit=50&sort=name&after=<cursor at 90%>',
    group: 'list',
    prepare: async (baseUrl, headers) => {
      const response = await fetch(`${baseUrl}/api/customers?limit=1&sort=name&offset=${deep - 1}`, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`the page before the deep one answered ${response.status}`);
      cursor = response.headers.get('x-next-cursor') ?? '';
      return cursor !== '';
    },
    next: () => ({ path: `/api/customers?limit=50&sort=name&after=${encodeURIComponent(cursor)}` }),
  };
}

/** Search and list calls for the scale comparison; the deep page sits at 90% of the customers. */
export function scaleCalls(shop: ShopCatalog): Call[] {
  const deep = Math.floor(shop.customers * 0.9);
  return [
    ...searchCalls(shop),
    {
      label: 'GET /api/customers?limit=50&sort=name',
      group: 'list',
      next: () => ({ path: '/api/customers?limit=50&sort=name' }),
    },
    {
      label: 'GET /api/customers?limit=50&sort=name&offset=<90%>',
      group: 'list',
      next: () => ({ path: `/api/customers?limit=50&sort=name&offset=${deep}` }),
    },
    deepPageByCursor(deep),
    inspectionListCall,
  ];
}

export function detailCalls(shop: ShopCatalog): Call[] {
  const customer = cycle(spread(shop.customerIds));
  const inspection = cycle(spread(shop.inspectionIds));
  const report = cycle(spread(shop.inspectionTokens));
  const invoice = cycle(spread(shop.invoiceTokens));
  // Pages of 500 changes from cursors spread over the whole feed: 200 of them, each read again and
  // again (every device's first sync reads the same pages), and one never read before each time.
  const starts = Array.from({ length: Math.max(1, shop.changes - 500) }, (_, i) => i);
  const cursors = cycle(spread(starts, 200));
  const newCursor = strided(starts);
  return [
    {
      label: 'GET /api/customers/:id/vehicles',
      group: 'detail',
      next: () => ({ path: `/api/customers/${customer()}/vehicles` }),
    },
    inspectionListCall,
    { label: 'GET /api/inspections/:id', group: 'detail', next: () => ({ path: `/api/inspections/${inspection()}` }) },
    {
      label: 'GET /api/public/inspections/:token',
      group: 'detail',
      customer: true,
      next: () => ({ path: `/api/public/inspections/${report()}` }),
    },
    {
      label: 'GET /api/public/invoices/:token',
      group: 'detail',
      customer: true,
      next: () => ({ path: `/api/public/invoices/${invoice()}` }),
    },
    {
      label: 'GET /api/sync/changes?since=<n>&limit=500',
      group: 'sync',
      next: () => ({ path: `/api/sync/changes?since=${cursors()}&limit=500` }),
    },
    {
      label: 'GET /api/sync/changes?since=<a new n each time>&limit=500',
      group: 'sync',
      next: () => ({ path: `/api/sync/changes?since=${newCursor()}&limit=500` }),
    },
  ];
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
      group: 'create',
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
      group: 'create',
      customer: true,
      next: () => {
        const { token, serviceId } = decision();
        return { method: 'PUT', path: `/api/public/inspections/${token}/services/${serviceId}/approve` };
      },
    },
  ];
}
