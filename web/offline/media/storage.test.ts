import { describe, expect, it } from 'vitest';
import { checkStorage, currentStorageWarning, storageWarningFor } from './storage';

const MB = 1024 * 1024;

/** A StorageManager that reports the given estimate and records the persist request. */
function storageWith(usage: number, quota: number) {
  const asked = { persist: 0 };
  const storage = {
    estimate: async () => ({ usage, quota }),
    persisted: async () => false,
    persist: async () => {
      asked.persist += 1;
      return true;
    },
  } as unknown as StorageManager;
  return { storage, asked };
}

describe('the storage warning', () => {
  it('is silent with room to spare and speaks under 500 MB free or past 90% used', () => {
    expect(storageWarningFor({ usage: 100 * MB, quota: 4000 * MB })).toBeNull();
    expect(storageWarningFor({ usage: 7200 * MB, quota: 8000 * MB })).toBeNull();
    expect(storageWarningFor({ usage: 3700 * MB, quota: 4000 * MB })).toBe(
      'This device is running out of storage (300 MB free). Connect to send the photos and videos waiting here, or free up space before taking more.',
    );
    expect(storageWarningFor({ usage: 10_000 * MB, quota: 10_900 * MB })).toMatch(
      /^This device is running out of storage \(900 MB free\)/,
    );
    expect(storageWarningFor(undefined)).toBeNull();
    expect(storageWarningFor({ usage: 5 })).toBeNull();
  });

  it('is read from the browser’s estimate, asking once for persistent storage', async () => {
    const low = storageWith(950 * MB, 1000 * MB);
    expect(await checkStorage(low.storage)).toMatch(/\(50 MB free\)/);
    expect(currentStorageWarning()).toMatch(/\(50 MB free\)/);
    const roomy = storageWith(10 * MB, 5000 * MB);
    expect(await checkStorage(roomy.storage)).toBeNull();
    expect(low.asked.persist + roomy.asked.persist).toBe(1);
  });
});
