import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * A fresh folder in the system's temporary folder for one test file, removed with everything in it
 * once the file's tests are done (after the apps registered later have closed: vitest runs the
 * `afterAll` hooks last registered first).
 */
export function useTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
