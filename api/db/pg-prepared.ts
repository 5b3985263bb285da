import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Named statements one connection keeps at most; past that, new texts run unnamed. */
export const PG_STATEMENTS_PER_CONNECTION = 300;
/** A longer `in (…)` list varies with its input, so naming it would only fill the connection. */
const LONG_LIST = /\$\d+(?:, \$\d+){15,}/;
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** "cached plan must not change result type": a table under a named statement changed. */
const STALE_PLAN = '0A000';

const names = new Map<string, string>();
const NAME_CACHE_SIZE = 1000;

/** A stable name for the SQL text (the same on every connection). */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `bw_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size >= NAME_CACHE_SIZE) names.clear();
    names.set(text, name);
  }
  return name;
}

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Turns a connection's parameterised queries into named prepared statements, so PostgreSQL parses
 * and plans each text once per connection instead of on every call.
 */
export function prepareStatementsOn(client: pg.PoolClient, limit = PG_STATEMENTS_PER_CONNECTION): void {
  const original = client.query.bind(client) as Query;
  const named = new Set<string>();
  // Bumped when a table changed under a named statement: the next uses prepare afresh.
  let generation = 0;
  const run = async (text: string, values: unknown[]): Promise<unknown> => {
    const name = `${statementName(text)}_${generation}`;
    if (!named.has(name)) {
      if (named.size >= limit) return original(text, values);
      named.add(name);
    }
    try {
      return await original({ name, text, values });
    } catch (err) {
      if ((err as { code?: string }).code !== STALE_PLAN) throw err;
      generation++;
      // Outside a transaction nothing was done, so running it again is safe.
      if (client.getTransactionStatus() !== 'I') throw err;
      return original(text, values);
    }
  };
  (client as unknown as { query: Query }).query = (text, values, callback) => {
    const plain = typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined;
    if (plain && CACHEABLE.test(text) && !LONG_LIST.test(text)) return run(text, values as unknown[]);
    return original(text, values, callback);
  };
}
