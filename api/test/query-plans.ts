import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { Db } from '@api/db/database';

/**
 * A database handle that records every query run through it, and `plans(run)`: SQLite's query
 * plan of each query `run` makes, one string per query with a line per step.
 */
export function planRecorder(base: Db): {
  db: Db;
  plans: (run: () => Promise<unknown>) => Promise<string[]>;
  statements: (run: () => Promise<unknown>) => Promise<string[]>;
} {
  const seen: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => {
      seen.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const db = base.withPlugin(recorder);
  /** The queries `run` makes, compiled. */
  async function statements(run: () => Promise<unknown>): Promise<CompiledQuery[]> {
    seen.length = 0;
    await run();
    // A query built into another (a subquery in a `sql` template) is transformed on its own too:
    // only the queries no other one holds ran.
    const texts = seen.map((node) => JSON.stringify(node));
    const ran = seen.filter((_, i) => !texts.some((other, j) => j !== i && other.includes(texts[i]!)));
    return ran.map((node) => db.getExecutor().compileQuery(node, { queryId: 'plan' }));
  }
  async function plans(run: () => Promise<unknown>): Promise<string[]> {
    const out: string[] = [];
    for (const compiled of await statements(run)) {
      const { rows } = await base
        .withoutPlugins()
        .executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
        );
      out.push(rows.map((r) => r.detail).join('\n'));
    }
    return out;
  }
  return { db, plans, statements: async (run) => (await statements(run)).map((compiled) => compiled.sql) };
}

/**
 * Where a statement binds a value SQLite plans by: a bare LIKE or GLOB pattern, a bare LIMIT, a value
 * compared with a column that a partial index's condition compares with a constant
 * (`partialIndexColumns`). SQLite prepares such a statement again every time a value is bound to that
 * parameter, so on every run.
 */
export function valuesPlannedBy(text: string, partialColumns: readonly string[]): string[] {
  const found = [...text.matchAll(/\b(like|glob|limit) \?/gi)].map((match) => match[0]);
  for (const column of partialColumns) {
    const compared = new RegExp(`(^|[^+])((?:"\\w+"\\.)?"${column}" (?:=|<>|!=|<|<=|>|>=|is) \\?)`, 'g');
    found.push(...[...text.matchAll(compared)].map((match) => match[2]!));
  }
  return found;
}

/** The columns SQLite's partial indexes compare with a constant in their conditions. */
export async function partialIndexColumns(db: Db): Promise<string[]> {
  const { rows } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and sql like '% where %'`.execute(db);
  const columns = new Set<string>();
  for (const row of rows) {
    const condition = row.sql.slice(row.sql.search(/ where /i));
    for (const match of condition.matchAll(/"?(\w+)"?\s*(?:=|<>|!=)\s*(?:\d+|'[^']*')/g)) columns.add(match[1]!);
  }
  return [...columns];
}
