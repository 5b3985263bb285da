import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root folder (the one holding package.json), found upwards from this module, so
 * the same path comes out whether the server runs from `api/` through tsx or bundled in `dist/api/`.
 */
export function findRepoRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot();
