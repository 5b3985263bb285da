import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { MALLOC_TRIM_ADDON } from './lib/malloc-trim';
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
  buildMallocTrim();
  return SERVER_BUNDLE;
}

const MALLOC_TRIM_SOURCE = path.join(REPO_ROOT, 'api', 'native', 'malloc-trim.c');

/**
 * Compiles api/native/malloc-trim.c into MALLOC_TRIM_ADDON (Linux: the C compiler `CC`, else `cc`,
 * against Node-API's headers from npm; Node-API needs nothing else of Node's). Skipped while the
 * addon is newer than its source. Without a compiler the server runs as well, only without giving
 * freed memory back: the build says so and goes on. Returns whether the addon is there.
 */
/** The C compiler the build uses for the addon: `CC`, else `cc`. */
export const addonCompiler = () => process.env.CC || 'cc';

export function buildMallocTrim({
  out = MALLOC_TRIM_ADDON,
  compiler = addonCompiler(),
  warn = (message: string) => console.warn(message),
}: { out?: string; compiler?: string; warn?: (message: string) => void } = {}): boolean {
  if (process.platform !== 'linux') return false;
  const built = modifiedAt(out);
  if (built !== undefined && built >= modifiedAt(MALLOC_TRIM_SOURCE)!) return true;
  const notBuilt = (why: string) => {
    warn(
      `Not built: ${path.relative(REPO_ROOT, out)} (${why}). The server runs without giving freed memory back to the system.`,
    );
    return false;
  };
  let headers: string;
  try {
    headers = path.join(
      path.dirname(createRequire(import.meta.url).resolve('node-api-headers/package.json')),
      'include',
    );
  } catch {
    return notBuilt('the npm package node-api-headers is not installed');
  }
  mkdirSync(path.dirname(out), { recursive: true });
  const temporary = `${out}.${process.pid}.tmp`;
  const compiled = spawnSync(
    compiler,
    ['-O2', '-shared', '-fPIC', '-I', headers, MALLOC_TRIM_SOURCE, '-o', temporary],
    {
      encoding: 'utf8',
    },
  );
  if (compiled.status !== 0) {
    rmSync(temporary, { force: true });
    return notBuilt(`${compiler}: ${compiled.error?.message ?? compiled.stderr.trim().split('\n')[0]}`);
  }
  renameSync(temporary, out);
  return true;
}

function modifiedAt(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildServer();
}
