import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of this run: `TEST_DATABASE_URL`, or one started for the run. */
    postgresUrl: string;
  }
}

/** Global setup of the PostgreSQL run: its own server (see `postgres-server.ts`), stopped afterwards. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const existing = process.env.TEST_DATABASE_URL;
  if (existing) {
    project.provide('postgresUrl', existing);
    return undefined;
  }
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return server.stop;
}
