import type { Page } from 'playwright-core';

/**
 * A value of the staff app's local `meta` table, read straight from IndexedDB in the page (null
 * when absent). It never creates the database, which would race the app's own first open, and it
 * always closes its connection, which would otherwise block the app's version upgrade.
 */
export function localMeta(page: Page, key: string): Promise<unknown> {
  return page.evaluate(async (metaKey) => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'baywise')) return null;
    return new Promise<unknown>((resolve) => {
      const open = indexedDB.open('baywise');
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const db = open.result;
        const done = (value: unknown) => {
          db.close();
          resolve(value);
        };
        if (!db.objectStoreNames.contains('meta')) return done(null);
        const read = db.transaction('meta', 'readonly').objectStore('meta').get(metaKey);
        read.onsuccess = () => done((read.result as { value?: unknown } | undefined)?.value ?? null);
        read.onerror = () => done(null);
      };
    });
  }, key);
}
