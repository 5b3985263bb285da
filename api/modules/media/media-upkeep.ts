import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '@api/lib/periodic';
import { resumePlayableCopies } from './media-runtime';
import type { createUploadServer } from './media-upload';

// Media chores that run at start and then hourly, like the sync prunes: uploads abandoned for a
// day are forgotten, complete uploads a stopped server left staged are stored, and video copies
// whose claim lapsed (their worker stopped) are made again. The last run ends before close.

const EVERY_MS = 60 * 60 * 1000;

export function scheduleMediaUpkeep(app: FastifyInstance, uploads: ReturnType<typeof createUploadServer>): void {
  runPeriodically(app, {
    everyMs: EVERY_MS,
    failed: 'media upkeep failed',
    task: async () => {
      await uploads.finishStaged();
      await uploads.cleanUp();
      await resumePlayableCopies(app.db, app.media);
    },
  });
}
