import { configDefaults, defineConfig } from 'vitest/config';
import { pathAliases } from './vite.config';
import { E2E_WAIT_MS } from './web/test/e2e/wait';

// Every suite runs on every machine with Node and npm alone: the API suite twice (SQLite, then a
// PostgreSQL server the run starts itself), the offline engine, and the browser tests in the
// Chromium shipped on npm. Nothing is skipped for a missing tool.
const api = ['api/**/*.test.ts'];
// A test that makes its own database and app can take several seconds while the browser lanes load
// both cores; Vitest's 5 s default failed such a test now and then. Timeouts catch hangs, not slowness:
// speed is measured by `npm run bench`.
const TEST_TIMEOUT = 30_000;

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is a single worker; the browser tests mostly wait on Chromium and
    // the server, so the API and offline suites run beside them.
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias: pathAliases },
        test: {
          name: 'sqlite',
          include: [...api, 'shared/**/*.test.ts'],
          // Each file makes its own database and app; sharing loaded modules between files saves
          // most of the run's import time.
          isolate: false,
          environment: 'node',
          env: { TEST_DB: 'sqlite' },
          testTimeout: TEST_TIMEOUT,
        },
      },
      {
        // The offline engine (outbox, merge, sync loop, chaos) over an in-memory IndexedDB, and the
        // screens' rules that need no browser (web/features/**/*.test.ts). Their
        // support (rows, the chaos devices and network, the media test kit) is in web/test/offline,
        // which the app never imports.
        resolve: { alias: pathAliases },
        test: {
          name: 'offline',
          include: ['web/offline/**/*.test.ts', 'web/features/**/*.test.ts', 'web/widgets/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'web/**/*.e2e.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'sqlite' },
          setupFiles: ['web/test/offline/test-setup.ts'],
          testTimeout: TEST_TIMEOUT,
        },
      },
      {
        // Browser tests: the built app served by the real server (one for the run), driven in
        // Chromium, one file at a time.
        resolve: { alias: pathAliases },
        test: {
          name: 'e2e',
          include: ['web/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['web/test/e2e/global-setup.ts'],
          fileParallelism: false,
          // One worker runs every file in turn, so Playwright and the helpers load once.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // As long as a page's own waits.
          expect: { poll: { timeout: E2E_WAIT_MS } },
        },
      },
      {
        // The API suite again on a real PostgreSQL server (`TEST_DATABASE_URL`, or one of its own).
        resolve: { alias: pathAliases },
        test: {
          name: 'postgres',
          include: api,
          // Isolated per file (slower to load): sharing modules across files here still gives now
          // and then a migration that finds another state of the schema than it made; see
          // docs/testing.md.
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['test/postgres-setup.ts'],
          testTimeout: TEST_TIMEOUT,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
