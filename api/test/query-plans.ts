import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { Db } from '@api/db/database';

/**
 * A database handle that records every query run through it, and `plans(run)`: SQLite's query
 * plan of each query `run` makes, one string per query with a line per step.
 */
export function planRecorder(base: Db): { db: Db; plans: (run: () => Promise<unknown>) => Promise<string[]> } {
  const seen: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => {
      seen.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const db = base.withPlugin(recorder);
  async function plans(run: () => Promise<unknown>): Promise<string[]> {
    seen.length = 0;
    await run();
    const out: string[] = [];
    // A query built into another (a subquery in a `sql` template) is transformed on its own too:
    // only the queries no other one holds ran.
    const texts = seen.map((node) => JSON.stringify(node));
    const ran = seen.filter((_, i) => !texts.some((other, j) => j !== i && other.includes(texts[i]!)));
    for (const node of ran) {
      const compiled = db.getExecutor().compileQuery(node, { queryId: 'plan' });
      const { rows } = await base
        .withoutPlugins()
        .executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
        );
      out.push(rows.map((r) => r.detail).join('\n'));
    }
    return out;
  }
  return { db, plans };
}
