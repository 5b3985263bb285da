import type { Db } from './database';

// Per database: its transactions' handles share its adapter.
const checked = new WeakSet<object>();

/**
 * Makes this database's reads check their shortcuts (the tests' apps, `checkSerialization`): a stored
 * inspection document against its rows, a kept value or search against one read again, an answer
 * written in parts against its schema's writer. Each shortcut throws when they differ.
 */
export function checkReads(db: Db): void {
  checked.add(db.getExecutor().adapter);
}

/** Whether this database's reads check their shortcuts (`checkReads`). */
export function readsChecked(db: Db): boolean {
  return checked.has(db.getExecutor().adapter);
}
