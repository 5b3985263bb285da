import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sparticuz from '@sparticuz/chromium';
import type { BrowserContext } from 'playwright-core';

/**
 * The Chromium the browser tests and the bench drive: `CHROMIUM_PATH` when set (e.g. a system
 * Chromium), otherwise the headless build shipped inside the `@sparticuz/chromium` npm package,
 * unpacked once into `node_modules/.cache/chromium-<version>` and reused by later runs. Nothing is
 * downloaded.
 */
export interface ChromiumLaunch {
  executablePath: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

const ROOT = path.resolve(import.meta.dirname, '..');

// Flags that keep a headless Chromium quiet on a machine with no outside network.
const QUIET = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The npm build's flags are tuned for serverless functions; these would weaken what the tests check
// (same-origin rules, mixed content) or squeeze every tab into one process, which crashes here.
const UNWANTED = new Set([
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  '--single-process',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--in-process-gpu',
  '--ignore-gpu-blocklist',
]);

/**
 * Unpacks the npm build into a folder of its version. The package always unpacks into the OS temp
 * folder, so it is pointed at a private one for that (synchronous) start; the finished folder is
 * renamed into place, so an interrupted or concurrent unpack never leaves a half-written browser.
 */
async function unpackNpmChromium(): Promise<string> {
  const pkg = path.join(ROOT, 'node_modules/@sparticuz/chromium/package.json');
  const { version } = JSON.parse(readFileSync(pkg, 'utf8')) as { version: string };
  const target = path.join(ROOT, 'node_modules/.cache', `chromium-${version}`);
  if (existsSync(path.join(target, 'chromium'))) return target;

  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const previous = process.env.TMPDIR;
  let unpacking: Promise<string>;
  process.env.TMPDIR = partial;
  try {
    unpacking = sparticuz.executablePath();
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
  try {
    await unpacking;
    renameSync(partial, target);
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(path.join(target, 'chromium'))) throw err;
  }
  return target;
}

let resolving: Promise<ChromiumLaunch> | undefined;

/** Where Chromium is and how to start it; unpacks the npm build on first use. */
export function resolveChromium(): Promise<ChromiumLaunch> {
  resolving ??= (async () => {
    const override = process.env.CHROMIUM_PATH;
    if (override) return { executablePath: override, args: ['--headless', ...QUIET], env: process.env };
    const folder = await unpackNpmChromium();
    const args = [...new Set([...sparticuz.args.filter((flag) => !UNWANTED.has(flag)), ...QUIET])];
    // The build brings its own fonts (a bare machine may have none); its fontconfig file names
    // serverless paths, so one of ours points at them and keeps the font cache beside them.
    const fontConfig = path.join(folder, 'baywise-fonts.conf');
    writeFileSync(
      fontConfig,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
        `  <dir>${path.join(folder, 'fonts')}</dir>\n  <cachedir>${path.join(folder, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    );
    const env = { ...process.env, FONTCONFIG_FILE: fontConfig };
    return { executablePath: path.join(folder, 'chromium'), args, env };
  })();
  return resolving;
}

/**
 * `context.setOffline(true)` cuts the network, but the headless-shell Chromium of the npm package
 * reports `navigator.onLine === true` again in every document loaded afterwards (a reload, a new
 * tab), unlike a real tablet with its Wi-Fi off. While offline, each new document gets the value
 * it would have on a device, kept in step with the online/offline events. Every context the tests
 * or the bench take offline goes through this.
 */
export function keepOfflineAcrossDocuments(context: BrowserContext): void {
  const setOffline = context.setOffline.bind(context);
  let shim: { dispose(): Promise<void> } | undefined;
  context.setOffline = async (offline: boolean) => {
    await setOffline(offline);
    if (offline && !shim) {
      shim = await context.addInitScript(() => {
        let online = false;
        window.addEventListener('online', () => (online = true), { capture: true });
        window.addEventListener('offline', () => (online = false), { capture: true });
        Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => online });
      });
    } else if (!offline && shim) {
      await shim.dispose();
      shim = undefined;
      // Documents loaded while offline never saw the network leave, so nothing tells them it is back.
      await Promise.all(
        context
          .pages()
          .map((page) =>
            page
              .evaluate(() => (navigator.onLine ? undefined : void window.dispatchEvent(new Event('online'))))
              .catch(() => undefined),
          ),
      );
    }
  };
}
