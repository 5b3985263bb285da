import type { Page } from 'playwright-core';

/**
 * A value of the staff app's local `meta` table, read straight from IndexedDB in the page (null
 * when absent). It never creates the database, which would race the app's own first open, and it
 * always closes its connection, which would otherwise block the app's version upgrade.
 */
export function localMeta(page: Page, key: string): Promise<unknown> {
  // No named helpers inside: the function runs in the page as its source text, and a runner that
  // keeps function names (tsx) would wrap them in a helper the page does not have.
  return page.evaluate(async (metaKey) => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'baywise')) return null;
    const db = await new Promise<IDBDatabase | null>((resolve) => {
      const open = indexedDB.open('baywise');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => resolve(null);
    });
    if (!db) return null;
    try {
      if (!db.objectStoreNames.contains('meta')) return null;
      const read = db.transaction('meta', 'readonly').objectStore('meta').get(metaKey);
      const row = await new Promise<unknown>((resolve) => {
        read.onsuccess = () => resolve(read.result);
        read.onerror = () => resolve(undefined);
      });
      return (row as { value?: unknown } | undefined)?.value ?? null;
    } finally {
      db.close();
    }
  }, key);
}
