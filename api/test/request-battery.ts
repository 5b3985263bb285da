import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { DOCS_STATIC } from '@api/plugins/openapi';

// Builds requests for any route from its own schemas and from what earlier answers showed, so a
// test can drive every route (including ones added later) without knowing it.

type Json = Record<string, unknown>;

/** Every API route as [METHOD, url], without HEAD and the docs page's own files. */
export function describedRoutes(routes: RouteOptions[]): [string, string][] {
  const keys = new Set<string>();
  for (const route of routes) {
    const url = route.url.replace(/(.)\/$/, '$1');
    if (!url.startsWith('/api') || url.startsWith(DOCS_STATIC)) continue;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD') keys.add(`${method} ${url}`);
    }
  }
  return [...keys].sort().map((key) => key.split(' ') as [string, string]);
}

/** Fastify's `/x/:id` is OpenAPI's `/x/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Rows seen in answers, by the URL segment that names them ("customers", "line-items", …). */
export interface Known {
  id: string;
  parent?: string;
  token?: string;
}

export class Pools {
  readonly live = new Map<string, Known[]>();
  readonly deleted = new Map<string, Known[]>();
  /** Ids the battery must not touch (the signed-in users). */
  readonly protectedIds = new Set<string>();

  add(pool: Map<string, Known[]>, segment: string, entry: Known): void {
    if (this.protectedIds.has(entry.id)) return;
    const list = pool.get(segment) ?? [];
    if (!list.some((known) => known.id === entry.id)) list.push(entry);
    pool.set(segment, list);
  }

  forget(segment: string, id: string): void {
    const list = this.live.get(segment) ?? [];
    const entry = list.find((known) => known.id === id);
    this.live.set(
      segment,
      list.filter((known) => known.id !== id),
    );
    if (entry) this.add(this.deleted, segment, entry);
  }

  /** Walks an answer: objects with an `id` under a key (or the URL's collection) join that key's pool. */
  crawl(url: string, body: unknown): void {
    const segments = (url.split('?')[0] ?? '').split('/').filter(Boolean);
    const collection = segments[1] === 'public' ? segments[2] : segments[1];
    if (collection) this.walk(collection, body, undefined);
  }

  private walk(segment: string, value: unknown, parent: string | undefined): void {
    if (Array.isArray(value)) {
      for (const item of value) this.walk(segment, item, parent);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const row = value as Json;
    const id = typeof row.id === 'string' ? row.id : undefined;
    if (id) {
      const token = typeof row.shareToken === 'string' ? row.shareToken : undefined;
      this.add(this.live, segment, { id, ...(parent ? { parent } : {}), ...(token ? { token } : {}) });
    }
    for (const [key, child] of Object.entries(row)) {
      if (child !== null && typeof child === 'object') this.walk(kebab(key), child, id ?? parent);
    }
  }
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** "customerId" → "customers": the pool a body's id field draws from. */
const poolForField = (field: string) => (field.endsWith('Id') ? `${kebab(field.slice(0, -2))}s` : undefined);

export type IdKind = 'live' | 'unknown' | 'deleted' | 'malformed';
export const UNKNOWN_ID = '3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00';

/** A concrete URL: each `:param` from the pool of the segment before it, or an id that is not there. */
export function fillUrl(url: string, kind: IdKind, pools: Pools): string {
  let parent: string | undefined;
  const parts = url.split('/').map((part, index, all) => {
    if (!part.startsWith(':')) return part;
    if (kind === 'malformed') return 'not-an-id';
    if (kind === 'unknown') return UNKNOWN_ID;
    const segment = all[index - 1] ?? '';
    const pool = (kind === 'live' ? pools.live : pools.deleted).get(segment) ?? [];
    const entry = pool.find((known) => !parent || known.parent === parent) ?? pool[0];
    parent = entry?.id;
    if (!entry) return UNKNOWN_ID;
    return part === ':token' ? (entry.token ?? entry.id) : entry.id;
  });
  return parts.join('/');
}

const SAMPLE_STRINGS = ['10', 'Sample text', 'A1', '2024-05-01', '12:30', 'ABC123', '1HGCM82633A004352', 'x'];

function sampleString(schema: Json, field: string, pools: Pools, ids: 'live' | 'deleted'): string {
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.format === 'uuid' || schema.format === 'guid' || field === 'id' || field.endsWith('Id')) {
    const pool = poolForField(field);
    const known = pool ? (ids === 'live' ? pools.live : pools.deleted).get(pool)?.[0] : undefined;
    if (known) return known.id;
    if (ids === 'deleted' && field === 'id') return pools.deleted.values().next().value?.[0]?.id ?? randomUUID();
    return randomUUID();
  }
  if (schema.format === 'email' || /email/i.test(field)) return `sample-${randomUUID().slice(0, 8)}@shop.test`;
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return '2024-05-01';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const fits = (text: string) =>
    text.length >= min &&
    (typeof schema.maxLength !== 'number' || text.length <= schema.maxLength) &&
    (typeof schema.pattern !== 'string' || new RegExp(schema.pattern).test(text));
  const unique = `Sample ${randomUUID().slice(0, 8)}`;
  return [unique, ...SAMPLE_STRINGS].find(fits) ?? 'x'.repeat(Math.max(min, 1));
}

function sample(schema: Json, field: string, pools: Pools, ids: 'live' | 'deleted'): unknown {
  if ('const' in schema) return schema.const;
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options) return sample(options.find((option) => option.type !== 'null') ?? options[0]!, field, pools, ids);
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [key, sample(child, key, pools, ids)]),
      );
    }
    case 'array':
      return schema.items ? [sample(schema.items as Json, field, pools, ids)] : [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema, field, pools, ids);
    default:
      // Schemas zod cannot express (preprocessed numbers): a value by the field's name.
      return /year/i.test(field) ? 2020 : /mileage|cost|amount|price/i.test(field) ? 100 : null;
  }
}

/** A body the route's schema should accept, with ids of rows seen (or of deleted ones). */
export function sampleBody(route: RouteOptions, pools: Pools, ids: 'live' | 'deleted' = 'live'): unknown {
  const body = route.schema?.body;
  if (!(body instanceof z.ZodType)) return {};
  return sample(z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as Json, '', pools, ids);
}

/** Query strings: none, a sample of every parameter, every parameter twice, and nonsense values. */
export function sampleQueries(route: RouteOptions, pools: Pools): string[] {
  const query = route.schema?.querystring;
  if (!(query instanceof z.ZodType)) return [''];
  const properties = ((z.toJSONSchema(query, { io: 'input', unrepresentable: 'any' }) as Json).properties ??
    {}) as Record<string, Json>;
  const names = Object.keys(properties);
  const values = names.map((name) => [name, String(sample(properties[name]!, name, pools, 'live'))] as const);
  const encode = (pairs: (readonly [string, string])[]) =>
    pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return [
    '',
    `?${encode(values)}`,
    `?${encode([...values, ...values])}`,
    `?${encode(names.map((n) => [n, '-1x'] as const))}`,
  ];
}
