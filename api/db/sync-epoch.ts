import { randomBytes } from 'node:crypto';
import type { Db } from './database';

// The change feed's epoch lives with the data: a restore starts a new one, and the sync reader puts
// it in every cursor it hands out.

/** A fresh epoch: random, so restoring one backup twice still gives two different histories. */
export function randomEpoch(): string {
  return randomBytes(6).toString('hex');
}

/** Starts a new history of the change feed (after a restore): every cursor handed out so far resyncs. */
export async function setSyncEpoch(db: Db, epoch: string): Promise<void> {
  await db.updateTable('syncState').set({ epoch }).execute();
}
