import { randomBytes } from 'node:crypto';
import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './database';

/**
 * Lists longer than this are built each time; the readers bind such a list as one parameter
 * (`idIn` in api/lib/id-list.ts), so its SQL text is the same for every length anyway.
 */
const MAX_SLOTS = 16;

interface Template {
  sql: string;
  parameters: readonly unknown[];
  /** For each parameter, the index of the value that fills it, or -1 for a constant of the query. */
  slots: readonly number[];
}

/**
 * A read of fixed shape that Kysely builds and compiles once per database (and per number of values)
 * instead of on every call; each call binds its own string values. `build` receives stand-ins for
 * the values and must use each as a bound parameter (never in the SQL text).
 */
export function compiledOnce<R>(build: (db: Db, values: readonly string[]) => Compilable<R>) {
  // Keyed by the dialect's adapter and the plugins (a transaction shares both with its database).
  const templates = new WeakMap<object, WeakMap<object, Map<number, Template>>>();
  const nonce = randomBytes(8).toString('hex');

  function compile(db: Db, count: number): Template {
    const standIns = Array.from({ length: count }, (_, i) => `\u0000value ${i} ${nonce}`);
    const compiled = build(db, standIns).compile();
    const slots = compiled.parameters.map((p) => (typeof p === 'string' ? standIns.indexOf(p) : -1));
    if (standIns.some((_, i) => !slots.includes(i)) || standIns.some((s) => compiled.sql.includes(s))) {
      throw new Error('compiledOnce: every value must be a bound parameter');
    }
    return { sql: compiled.sql, parameters: compiled.parameters, slots };
  }

  return async (db: Db, values: readonly string[]): Promise<R[]> => {
    if (values.length > MAX_SLOTS) return (await db.executeQuery(build(db, values))).rows;
    const executor = db.getExecutor();
    let byPlugins = templates.get(executor.adapter);
    if (!byPlugins) templates.set(executor.adapter, (byPlugins = new WeakMap()));
    let byCount = byPlugins.get(executor.plugins);
    if (!byCount) byPlugins.set(executor.plugins, (byCount = new Map()));
    let template = byCount.get(values.length);
    if (!template) byCount.set(values.length, (template = compile(db, values.length)));
    const { slots } = template;
    const parameters = template.parameters.map((p, i) => (slots[i]! >= 0 ? values[slots[i]!] : p));
    return (await db.executeQuery(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<R>)).rows;
  };
}
