import { randomBytes } from 'node:crypto';
import { CompiledQuery, type Compilable, type InsertObject, type InsertQueryBuilder, type InsertResult } from 'kysely';
import type { Db } from './database';
import type { Database } from './tables';

/**
 * Up to this many values, a template per count. A longer list is one template when the query binds
 * it as one parameter (`idIn` in api/lib/id-list.ts: a JSON array on SQLite, an array on
 * PostgreSQL), since its SQL text is then the same for every length; else it is built each time.
 */
const MAX_SLOTS = 16;
const CONSTANT = -1;
/** The parameter is the whole list: as JSON text (SQLite) or as an array (PostgreSQL). */
const LIST_AS_JSON = -2;
const LIST_AS_ARRAY = -3;

interface Template {
  sql: string;
  parameters: readonly unknown[];
  /** For each parameter, the index of the value that fills it, or one of the markers above. */
  slots: readonly number[];
}

const sameList = (value: unknown, list: readonly string[]): boolean =>
  Array.isArray(value) && value.length === list.length && value.every((v, i) => v === list[i]);

function slotOf(parameter: unknown, standIns: readonly string[]): number {
  if (typeof parameter === 'string') {
    if (standIns.length > MAX_SLOTS && parameter === JSON.stringify(standIns)) return LIST_AS_JSON;
    return standIns.indexOf(parameter);
  }
  return standIns.length > MAX_SLOTS && sameList(parameter, standIns) ? LIST_AS_ARRAY : CONSTANT;
}

function fill(slot: number, constant: unknown, values: readonly (string | null)[]): unknown {
  if (slot >= 0) return values[slot];
  if (slot === LIST_AS_JSON) return JSON.stringify(values);
  if (slot === LIST_AS_ARRAY) return [...values];
  return constant;
}

const pluginIds = new WeakMap<object, number>();
let nextPluginId = 0;

/** The same text for every list holding the same plugins in the same order. */
function pluginsKey(plugins: readonly object[]): string {
  return plugins
    .map((plugin) => {
      let id = pluginIds.get(plugin);
      if (id === undefined) pluginIds.set(plugin, (id = nextPluginId++));
      return id;
    })
    .join(',');
}

/**
 * Templates kept per database: by the dialect's adapter and the plugins (a transaction has its own
 * copy of its database's plugin list, holding the same plugins, so the key is the plugins themselves).
 */
class TemplatesPerDatabase<K, T> {
  private readonly byAdapter = new WeakMap<object, Map<string, Map<K, T>>>();

  /** This database's templates (its transactions' too). */
  of(db: Db): Map<K, T> {
    const executor = db.getExecutor();
    let byPlugins = this.byAdapter.get(executor.adapter);
    if (!byPlugins) this.byAdapter.set(executor.adapter, (byPlugins = new Map()));
    const plugins = pluginsKey(executor.plugins);
    let templates = byPlugins.get(plugins);
    if (!templates) byPlugins.set(plugins, (templates = new Map()));
    return templates;
  }
}

/**
 * A read of fixed shape that Kysely builds and compiles once per database (and per number of values)
 * instead of on every call; each call binds its own values: strings, or null for SQL NULL (a column
 * set to nothing). `build` receives stand-ins for the values and must use each as a bound parameter
 * (never in the SQL text).
 */
export function compiledOnce<R>(build: (db: Db, values: readonly string[]) => Compilable<R>) {
  // Per database: the number of values -> the template (null: built each time).
  const templates = new TemplatesPerDatabase<number, Template | null>();
  const nonce = randomBytes(8).toString('hex');

  function compile(db: Db, count: number): Template {
    const standIns = Array.from({ length: count }, (_, i) => `\u0000value ${i} ${nonce}`);
    const compiled = build(db, standIns).compile();
    const slots = compiled.parameters.map((p) => slotOf(p, standIns));
    const whole = slots.some((slot) => slot === LIST_AS_JSON || slot === LIST_AS_ARRAY);
    if ((!whole && standIns.some((_, i) => !slots.includes(i))) || standIns.some((s) => compiled.sql.includes(s))) {
      throw new Error('compiledOnce: every value must be a bound parameter');
    }
    return { sql: compiled.sql, parameters: compiled.parameters, slots };
  }

  function templateFor(db: Db, count: number): Template | undefined {
    const byCount = templates.of(db);
    // Every long list shares the template of MAX_SLOTS + 1 values (null: the query cannot).
    const key = Math.min(count, MAX_SLOTS + 1);
    let template = byCount.get(key);
    if (template === undefined) {
      template = compile(db, key);
      if (key > MAX_SLOTS && template.slots.some((slot) => slot >= 0)) template = null;
      byCount.set(key, template);
    }
    return template ?? undefined;
  }

  return async (db: Db, values: readonly (string | null)[]): Promise<R[]> => {
    const template = templateFor(db, values.length);
    // Built with the values themselves (a long list the query cannot bind whole): Kysely binds a null too.
    if (!template) return (await db.executeQuery(build(db, values as readonly string[]))).rows;
    const parameters = template.parameters.map((p, i) => fill(template.slots[i]!, p, values));
    return (await db.executeQuery(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<R>)).rows;
  };
}

/**
 * `compiledOnce` for a query whose shape depends on a variant (a sort) and on which of its values
 * are given (a search's terms, a filter, a limit): one template per variant and set of keys given.
 * `build` gets the values as stand-ins under the same keys (undefined: not given), so every given
 * value is bound.
 */
export function compiledByShape<P extends Record<string, string | undefined>, R, V extends string = string>(
  build: (db: Db, variant: V, values: Readonly<P>) => Compilable<R>,
) {
  const byShape = new Map<string, (db: Db, values: readonly string[]) => Promise<R[]>>();
  return (db: Db, variant: V, values: Readonly<P>): Promise<R[]> => {
    const given = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined);
    const keys = given.map(([key]) => key);
    const shape = `${variant}:${keys.join(',')}`;
    let read = byShape.get(shape);
    if (!read) {
      read = compiledOnce((db, standIns) =>
        build(db, variant, Object.fromEntries(keys.map((key, i) => [key, standIns[i]])) as P),
      );
      byShape.set(shape, read);
    }
    return read(
      db,
      given.map(([, value]) => value),
    );
  };
}

/** A number given to `compiledOnce` or `compiledByShape` (as text: both databases read the integer it spells). */
export function numberValue(n: number): string;
export function numberValue(n: number | undefined): string | undefined;
export function numberValue(n: number | undefined): string | undefined {
  return n === undefined ? undefined : String(n);
}

/**
 * A value given with `numberValue`, where the query builder takes a number (a LIMIT, an OFFSET, a
 * sequence). Only ever a bound parameter: as a JavaScript number it would still be the text.
 */
export function asNumber(value: string): number;
export function asNumber(value: string | undefined): number | undefined;
export function asNumber(value: string | undefined): number | undefined {
  return value as unknown as number | undefined;
}

/** Rows longer than this, or more shapes than this per insert, are built each time. */
const MAX_INSERT_ROWS = 64;
const MAX_INSERT_SHAPES = 256;

type InsertBuilder<T extends keyof Database> = InsertQueryBuilder<Database, T, InsertResult>;

/**
 * The rows' values in the order an insert of them binds its parameters (row by row, each in its
 * columns' order), or undefined when the rows differ in their columns or hold anything but a plain
 * value (an expression, a date, undefined): such rows are built each time.
 */
function insertValues(rows: readonly object[], columns: readonly string[]): unknown[] | undefined {
  const values: unknown[] = [];
  for (const row of rows) {
    const entries = Object.entries(row);
    if (entries.length !== columns.length) return undefined;
    for (let i = 0; i < entries.length; i++) {
      const [column, value] = entries[i]!;
      if (column !== columns[i]) return undefined;
      if (value !== null && typeof value !== 'string' && typeof value !== 'number') return undefined;
      values.push(value);
    }
  }
  return values;
}

const sameParameters = (parameters: readonly unknown[], values: readonly unknown[]): boolean =>
  parameters.length === values.length && parameters.every((parameter, i) => parameter === values[i]);

/**
 * An insert into `table` (finished by `finish`, e.g. with an `on conflict` that binds no values of
 * its own) that Kysely builds and compiles once per database, columns and number of rows, instead of
 * on every write: building an insert's operation tree and compiling it was about a tenth of creating
 * an inspection. The SQL of the first build is kept only if its parameters are exactly the rows'
 * values in order (`insertValues`); otherwise, and for rows of another kind, the insert is built each
 * time as before. The SQL of one shape must not depend on the values: neither `finish` nor a plugin
 * may write a value into the SQL text or choose the statement by a value (the first call's check
 * would not see it). When MAX_INSERT_SHAPES shapes are kept, new shapes are built each time.
 */
export function compiledInsert<T extends keyof Database & string>(
  table: T,
  finish: (query: InsertBuilder<T>) => Compilable<unknown> = (query) => query,
) {
  // Per database: row count and columns -> the SQL (null: built each time).
  const templates = new TemplatesPerDatabase<string, string | null>();
  return async (db: Db, rows: readonly InsertObject<Database, T>[]): Promise<void> => {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]!);
    const values = rows.length <= MAX_INSERT_ROWS ? insertValues(rows, columns) : undefined;
    const byShape = values && templates.of(db);
    const shape = `${rows.length}|${columns.join(',')}`;
    const known = byShape?.get(shape);
    if (values && known) {
      await db.executeQuery(CompiledQuery.raw(known, values));
      return;
    }
    const compiled = finish(db.insertInto(table).values([...rows])).compile();
    if (values && byShape && known === undefined && byShape.size < MAX_INSERT_SHAPES)
      byShape.set(shape, sameParameters(compiled.parameters, values) ? compiled.sql : null);
    await db.executeQuery(compiled);
  };
}
