import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const entry = (file: string) => fileURLToPath(new URL(`./web/${file}`, import.meta.url));

/** The import aliases of tsconfig.json's `paths`, for Vite and Vitest (`@web/lib/x` is web/lib/x). */
export const pathAliases = Object.fromEntries(
  ['api', 'web', 'shared', 'test', 'bench'].map((folder) => [
    `@${folder}`,
    fileURLToPath(new URL(`./${folder}`, import.meta.url)),
  ]),
);

const PREACT_FOR_REACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

/**
 * The share pages are opened on customers' phones: their build uses preact/compat instead of React
 * (about 60 KiB less gzipped JS). Only imports made by web/share.tsx and web/share/** are swapped;
 * the staff app keeps React. Build only: the dev server runs the share pages on React (same API).
 */
function preactForSharePages(): Plugin {
  const shareEntry = entry('share.tsx');
  const shareDir = entry('share/');
  return {
    name: 'baywise:preact-for-share-pages',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      const target = PREACT_FOR_REACT[source];
      if (!target || !importer || (importer !== shareEntry && !importer.startsWith(shareDir))) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

/** Dev server: share links open the share entry, as the real server does. */
function sharePagesInDev(): Plugin {
  const sharePath = /^\/(mpi|invoice|receipt)\/[^/?]+\/?(\?.*)?$/;
  return {
    name: 'baywise:share-pages-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && sharePath.test(req.url)) req.url = '/share.html';
        next();
      });
    },
  };
}

/**
 * The files only the share pages load (their HTML and the chunks reachable from the share entry
 * alone), found from the bundle graph so a renamed or newly split chunk is still caught. The
 * service worker precaches the staff shell only: share pages stay online-only.
 */
function sharePagesOnlyFiles(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'baywise:share-pages-only-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const reachable = (facade: string) => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (seen.has(fileName) || chunk?.type !== 'chunk') return;
          seen.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
          for (const asset of chunk.viteMetadata?.importedAssets ?? []) seen.add(asset);
          [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
        };
        const start = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === facade);
        if (!start) throw new Error(`no entry chunk for ${facade}`);
        visit(start.fileName);
        return seen;
      };
      const staff = reachable(entry('index.html'));
      files.clear();
      files.add('share.html');
      for (const file of reachable(entry('share.html'))) if (!staff.has(file)) files.add(file);
    },
  };
  return { plugin, files };
}

/** The PWA plugin links the manifest from every page; the share pages are not part of the app. */
function noManifestOnSharePages(): Plugin {
  return {
    name: 'baywise:no-manifest-on-share-pages',
    enforce: 'post',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        ctx.filename === entry('share.html') ? html.replace(/<link rel="manifest"[^>]*>/, '') : html,
    },
  };
}

/**
 * Workbox bundles the service worker from a scratch file it writes into the OS temp folder and
 * never removes; each build gets a temp folder of its own, removed when the build process ends.
 */
function privateTempFolderForBuild(): Plugin {
  return {
    name: 'baywise:private-temp-folder',
    apply: 'build',
    config() {
      const folder = mkdtempSync(path.join(tmpdir(), 'baywise-build-'));
      process.env.TMPDIR = folder;
      process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    },
  };
}

/** The built files worth compressing: text. Images, fonts and the icons are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this the headers outweigh the saving (the server's own threshold for compressing). */
const PRECOMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every built text file, once, at the
 * codecs' best: the server sends them as they are (`preCompressed` of @fastify/static) instead of
 * compressing the app's and the share pages' files on every request at a level cheap enough for
 * that. A copy no smaller than its file is not written. Runs after every other plugin's last writes
 * (the service worker's generation included), so what it compresses is what is served.
 */
function precompressBuiltFiles(): Plugin {
  let outDir = '';
  return {
    name: 'baywise:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      // On the thread pool, every file at once: 1.6 s on two cores, against 2.5 s one file after another.
      async handler() {
        const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
          .map((entry) => path.join(entry.parentPath, entry.name));
        await Promise.all(
          files.map(async (file) => {
            const bytes = await readFile(file);
            if (bytes.length < PRECOMPRESS_MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzipped(bytes, { level: zlib.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < bytes.length) await writeFile(`${file}.br`, br);
            if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

const shareOnly = sharePagesOnlyFiles();

// The web app lives in web/, its static files in public/; the build goes to dist/web, which
// `npm start` serves together with the API. Two entries: the staff app (index.html) and the light,
// online-only customer share pages (share.html), which share no code with the staff app.
export default defineConfig({
  root: 'web',
  publicDir: '../public',
  resolve: { alias: pathAliases },
  plugins: [
    privateTempFolderForBuild(),
    preactForSharePages(),
    sharePagesInDev(),
    react(),
    shareOnly.plugin,
    // Registered by web/app/pwa/register-sw.ts (workbox-window); a new version waits for the user.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      // Workbox's production runtime even when a build runs with NODE_ENV set (test runners).
      mode: 'production',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'Baywise',
        short_name: 'Baywise',
        description: 'Vehicle inspections, estimates and invoices for the shop floor, online or offline.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // --color-brand and --color-bg of web/styles/tokens.css.
        theme_color: '#1d4ed8',
        background_color: '#f4f5f7',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html}'],
        manifestTransforms: [
          (entries) => ({ manifest: entries.filter((e) => !shareOnly.files.has(e.url)), warnings: [] }),
        ],
        navigateFallback: '/index.html',
        // API calls and share pages always go to the network (share pages are online-only).
        navigateFallbackDenylist: [/^\/api\//, /^\/(mpi|invoice|receipt)\//, /^\/share\.html$/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
      devOptions: { enabled: false },
    }),
    noManifestOnSharePages(),
    precompressBuiltFiles(),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    rollupOptions: { input: { main: entry('index.html'), share: entry('share.html') } },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
