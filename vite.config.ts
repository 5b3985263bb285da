import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const entry = (file: string) => fileURLToPath(new URL(`./web/${file}`, import.meta.url));

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

// The web app lives in web/, its static files in public/; the build goes to dist/web, which
// `npm start` serves together with the API. Two entries: the staff app (index.html) and the light,
// online-only customer share pages (share.html), which share no code with the staff app.
export default defineConfig({
  root: 'web',
  publicDir: '../public',
  plugins: [preactForSharePages(), sharePagesInDev(), react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    rollupOptions: { input: { main: entry('index.html'), share: entry('share.html') } },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
