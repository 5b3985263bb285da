import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The setup code a server started on an empty database wrote to its data folder, as its operator reads it. */
export function setupCodeIn(dataDir: string): string {
  return readFileSync(path.join(dataDir, 'setup-code'), 'utf8').trim();
}
