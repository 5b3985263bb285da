import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUNDLE } from '@api/build-server';
import { REPO_ROOT } from '@api/lib/repo-root';

/**
 * The flags `npm start` gives node (package.json's start script of the checkout in `root`): the
 * source maps and the heap's sizes (docs/performance.md, Memory), so every tool runs the server
 * with the settings a shop's server has.
 */
export function startScriptNodeFlags(root = REPO_ROOT): string[] {
  const scripts =
    (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> })
      .scripts ?? {};
  const flags = /\bnode((?:\s+--\S+)*)\s+dist\/api\/server\.js/.exec(scripts.start ?? '')?.[1] ?? '';
  return flags.split(/\s+/).filter(Boolean);
}

/**
 * Builds the server as `npm start` does (`npm run build:api`) and gives the command that runs it,
 * so the test tools start the same JavaScript a shop runs. The build takes well under a second.
 */
export async function productionServerCommand(): Promise<{ command: string; args: string[] }> {
  await buildServer();
  return { command: process.execPath, args: [...startScriptNodeFlags(), SERVER_BUNDLE] };
}
