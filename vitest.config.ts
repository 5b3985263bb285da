import { configDefaults, defineConfig } from 'vitest/config';
import { postgresReachable, TEST_DATABASE_URL } from './api/test/database';

// The API suite runs twice: on SQLite and on PostgreSQL. Outside CI a missing PostgreSQL server
// skips the second run with a message; in CI it always runs (and fails if the server is missing).
export default defineConfig(async () => {
  const withPostgres = process.env.CI === 'true' || (await postgresReachable());
  if (!withPostgres) {
    console.warn(
      `\n[tests] PostgreSQL is not reachable at ${TEST_DATABASE_URL.replace(/:[^:@/]+@/, ':***@')}: ` +
        'SKIPPING the PostgreSQL run of the API tests. Start it with `bash .ci/run` setup steps.\n',
    );
  }
  const api = ['api/**/*.test.ts'];
  return {
    test: {
      projects: [
        {
          test: {
            name: 'sqlite',
            include: [...api, 'shared/**/*.test.ts'],
            environment: 'node',
            env: { TEST_DB: 'sqlite' },
          },
        },
        {
          // The offline engine (outbox, merge, sync loop, chaos) over an in-memory IndexedDB.
          test: {
            name: 'offline',
            include: ['web/offline/**/*.test.ts'],
            exclude: [...configDefaults.exclude, 'web/**/*.e2e.test.ts'],
            environment: 'node',
            env: { TEST_DB: 'sqlite' },
            setupFiles: ['web/offline/test-setup.ts'],
          },
        },
        {
          // Browser tests: the built app served by the real server (one for the run), driven in
          // Chromium, one file at a time.
          test: {
            name: 'e2e',
            include: ['web/**/*.e2e.test.ts'],
            environment: 'node',
            globalSetup: ['web/test/e2e/global-setup.ts'],
            fileParallelism: false,
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        ...(withPostgres
          ? [
              {
                test: {
                  name: 'postgres',
                  include: api,
                  environment: 'node',
                  env: { TEST_DB: 'postgres' },
                },
              },
            ]
          : []),
      ],
    },
  };
});
