import { buildServer, SERVER_BUNDLE } from '@api/build-server';

/**
 * Builds the server as `npm start` does (`npm run build:api`) and gives the command that runs it,
 * so the test tools start the same JavaScript a shop runs. The build takes well under a second.
 */
export async function productionServerCommand(): Promise<{ command: string; args: string[] }> {
  await buildServer();
  return { command: process.execPath, args: ['--enable-source-maps', SERVER_BUNDLE] };
}
