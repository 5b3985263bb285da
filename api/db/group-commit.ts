import { CompiledQuery, type ControlledTransaction } from 'kysely';
import type { Db } from './database';
import type { Database } from './tables';

/**
 * SQLite writes every page a transaction touched at its commit, and waits for the disk. An
 * inspection with three services touches about 60 pages (its row, its indexes, the change feed, the
 * funnel summary, the stored answer), and many of those pages are the same from one write to the
 * next: the newest end of each index by time or sequence. Under load, transactions that wait for the
 * connection while one runs join it: each runs under a savepoint of one SQLite transaction, one after
 * another, and all commit together, so the shared pages are written and the disk waited for once per
 * group. A member that fails is rolled back to its savepoint alone, and no member's caller hears of
 * success before the group's commit (a failed commit fails them all, nothing of theirs is stored).
 *
 * Reads wait while a group runs, as they wait for any transaction on the one connection, so a group
 * takes at most MAX_MEMBERS members and stops taking new ones after MAX_GROUP_MS.
 */
const MAX_MEMBERS = 32;
const MAX_GROUP_MS = 15;

interface Member {
  run: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

type Group = ControlledTransaction<Database, string[]>;

/**
 * A member's savepoint statements, written once (Kysely's `savepoint()` builds, compiles and wraps a
 * new transaction object for each member: about 1% of creating an inspection). The member runs on
 * the group's transaction itself: a savepoint is only a statement on its connection.
 */
const savepoints = Array.from({ length: MAX_MEMBERS }, (_, n) => {
  const name = `"group_member_${n}"`;
  return {
    savepoint: CompiledQuery.raw(`savepoint ${name}`),
    rollback: CompiledQuery.raw(`rollback to ${name}`),
    release: CompiledQuery.raw(`release ${name}`),
  };
});

export class GroupCommit {
  private readonly waiting: Member[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  /** Runs `fn` in a transaction (shared with others waiting); resolves once it is committed. */
  run<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ run: fn, resolve: resolve as (value: unknown) => void, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    void this.runGroup().finally(() => {
      this.running = false;
      this.next();
    });
  }

  private async runGroup(): Promise<void> {
    let group: Group;
    try {
      group = (await this.db.startTransaction().execute()) as Group;
    } catch (err) {
      // No transaction could begin (the database is closed or locked too long): the next one fails alike.
      this.waiting.splice(0).forEach((member) => member.reject(err));
      return;
    }
    const began = performance.now();
    const done: [Member, unknown][] = [];
    let current: Member | undefined;
    try {
      for (let n = 0; n < MAX_MEMBERS && (n === 0 || performance.now() - began < MAX_GROUP_MS); n++) {
        current = this.waiting.shift();
        if (!current) break;
        const member = savepoints[n]!;
        await group.executeQuery(member.savepoint);
        let value: unknown;
        try {
          value = await current.run(group);
        } catch (err) {
          // Its own writes go; if the transaction itself is gone, the group fails (below).
          await group.executeQuery(member.rollback);
          await group.executeQuery(member.release);
          current.reject(err);
          current = undefined;
          continue;
        }
        await group.executeQuery(member.release);
        done.push([current, value]);
        current = undefined;
      }
      await group.commit().execute();
    } catch (err) {
      await group
        .rollback()
        .execute()
        .catch(() => undefined);
      current?.reject(err);
      done.forEach(([member]) => member.reject(err));
      return;
    }
    done.forEach(([member, value]) => member.resolve(value));
  }
}

const groups = new WeakMap<Db, GroupCommit>();

/** The group commit of this database handle (one per handle: its plugins run every member's queries). */
export function groupCommitOf(db: Db): GroupCommit {
  let group = groups.get(db);
  if (!group) groups.set(db, (group = new GroupCommit(db)));
  return group;
}
