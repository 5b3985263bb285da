import { readCachedUser } from '@web/lib/current-user';
import { LocalDb } from './local-db';
import { SyncEngine } from './sync-engine';

export interface Offline {
  db: LocalDb;
  engine: SyncEngine;
}

let offline: Offline | undefined;

/**
 * The page's local database and sync loop, made on first use (one per page). The loop sends only
 * the signed-in user's changes; start() it after sign-in and stop() it on sign-out.
 */
export function getOffline(): Offline {
  if (!offline) {
    const db = new LocalDb();
    offline = { db, engine: new SyncEngine({ db, currentUserId: () => readCachedUser()?.id ?? null }) };
  }
  return offline;
}
