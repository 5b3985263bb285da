import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { resolveChromium } from '@test/chromium';
import './provided';
import { ADMIN_EMAIL } from './provided';
import { buildWeb, startServer } from './server';
import { registerAdmin } from './staff-api';

/**
 * Once per e2e run: build the web app, start the real server on a fresh database (as `npm start`
 * does), register the shop's admin, and hand the address and session to the test files.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Unpacking the npm Chromium (first run only) overlaps the build; test files then reuse it.
  const [webDir] = await Promise.all([buildWeb(), resolveChromium()]);
  const server = await startServer(ADMIN_EMAIL, webDir);
  try {
    project.provide('webDir', webDir);
    project.provide('baseUrl', server.baseUrl);
    project.provide('adminCookie', await registerAdmin(server.baseUrl, server.setupCode()));
  } catch (err) {
    await server.stop();
    throw err;
  }
  return async () => {
    await server.stop();
    rmSync(webDir, { recursive: true, force: true });
  };
}
