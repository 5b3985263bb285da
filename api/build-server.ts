import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { REPO_ROOT } from './lib/repo-root';

/** The production server as plain JavaScript: what `npm start` runs with `node`. */
export const SERVER_BUNDLE = path.join(REPO_ROOT, 'dist', 'api', 'server.js');

/**
 * Bundles api/server.ts (and the shared code it imports) into SERVER_BUNDLE; npm packages stay
 * imports, resolved from node_modules at run time. Each file is written beside its final name and
 * renamed into place, so a server starting meanwhile never reads half a bundle.
 */
export async function buildServer(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(REPO_ROOT, 'api', 'server.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Stack traces need the map's positions, not a copy of every source (held in memory by node).
    sourcesContent: false,
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  // The map first, so the bundle that names it never comes without it.
  const mapsFirst = [...result.outputFiles].sort(
    (a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')),
  );
  for (const file of mapsFirst) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  return SERVER_BUNDLE;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildServer();
}
