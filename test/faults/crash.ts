import { randomUUID } from 'node:crypto';
import Sqlite from 'better-sqlite3';
import type { Report } from './report';
import { seedShop } from './seed';
import { FaultServer } from './server';

const WRITERS = 8;
const KILLS = 5;

interface Write {
  id: string;
  key: string;
  marker: string;
}

/**
 * 8 writers create customers as the offline outbox does (client id + Idempotency-Key, the same
 * request again until it is answered) while the server is SIGKILLed 5 times at random moments and
 * started again. Then every acknowledged create must be there exactly once, and SQLite intact.
 */
export async function runCrash(report: Report, random: () => number): Promise<void> {
  report.section(`Crash: ${WRITERS} writers, the server SIGKILLed ${KILLS} times`);
  const server = await FaultServer.start();
  try {
    const seed = await seedShop(server.baseUrl, server.dataDir);
    const acknowledged: Write[] = [];
    const sent: Write[] = [];
    let retries = 0;
    let refused = '';
    let running = true;

    const send = async (write: Write): Promise<number | undefined> => {
      try {
        const res = await fetch(`${server.baseUrl}/api/customers`, {
          method: 'POST',
          headers: { cookie: seed.tech.cookie, 'content-type': 'application/json', 'idempotency-key': write.key },
          body: JSON.stringify({ id: write.id, name: write.marker, email: 'crash@example.com', phone: '555-0199' }),
          signal: AbortSignal.timeout(10_000),
        });
        await res.text();
        return res.status;
      } catch {
        return undefined; // no answer: the server died under it
      }
    };
    const writer = async (w: number) => {
      for (let n = 0; running; n++) {
        const write = { id: randomUUID(), key: randomUUID(), marker: `crash-${w}-${n}` };
        sent.push(write);
        for (;;) {
          const status = await send(write);
          if (status === 201) {
            acknowledged.push(write);
            break;
          }
          if (status !== undefined && status < 500 && status !== 409) {
            refused ||= `${write.marker} → ${status}`;
            break;
          }
          // Unanswered (or still in flight after a restart): the same request again, as the outbox does.
          retries++;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    for (let k = 0; k < KILLS; k++) {
      await new Promise((resolve) => setTimeout(resolve, 500 + random() * 2000));
      await server.kill();
      await server.boot();
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await Promise.all(writers);
    await server.stop();

    const db = new Sqlite(server.sqliteFile, { readonly: true });
    try {
      const integrity = db.pragma('integrity_check', { simple: true });
      const rows = db.prepare(`select id, name from customers where name like 'crash-%'`).all() as {
        id: string;
        name: string;
      }[];
      const byMarker = new Map<string, number>();
      for (const row of rows) byMarker.set(row.name, (byMarker.get(row.name) ?? 0) + 1);
      const ids = new Set(rows.map((r) => r.id));
      const lost = acknowledged.filter((w) => !ids.has(w.id) || byMarker.get(w.marker) === undefined);
      const duplicated = [...byMarker].filter(([, count]) => count > 1);
      report.line(
        `creates: ${sent.length} sent, ${acknowledged.length} acknowledged, ${retries} retries after no answer, ${rows.length} rows stored`,
      );
      report.line(`lost: ${lost.length}, duplicated: ${duplicated.length}, integrity_check: ${String(integrity)}`);
      report.check('every write answered 201 in the end', refused === '', refused);
      report.check(
        'no acknowledged create lost',
        lost.length === 0,
        lost
          .slice(0, 5)
          .map((w) => w.marker)
          .join(', '),
      );
      report.check(
        'no create stored twice',
        duplicated.length === 0,
        duplicated
          .slice(0, 5)
          .map(([m, c]) => `${m} × ${c}`)
          .join(', '),
      );
      report.check(
        'enough writes to mean something',
        acknowledged.length >= 100,
        `${acknowledged.length} acknowledged`,
      );
      report.check('PRAGMA integrity_check is ok', integrity === 'ok', String(integrity));
    } finally {
      db.close();
    }
  } finally {
    await server.remove();
  }
}
