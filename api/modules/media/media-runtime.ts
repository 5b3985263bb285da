import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { changed, recordChanges } from '../sync/change-log';
import { makePlayableCopy } from './media-files';
import { directoryStore, mediaKey, s3Store, type MediaStore } from './media-store';
import { deleteUnusedMediaFile, unusedMediaFiles, updateMediaFile } from './media.repository';

// The media work that outlives a request: the store, the queue of H.264 copies (one at a time:
// ffmpeg takes a core) and the sweep that removes files no row uses.

export interface MediaRuntime {
  store: MediaStore;
  /** Folder for files being prepared (under DATA_DIR). */
  workDir: string;
  /** Folder tus keeps unfinished uploads in. */
  stagingDir: string;
  /** Queues an H.264 copy of a stored video; `local` is a copy of it the job may delete. */
  queuePlayableCopy(sha256: string, local?: string): void;
  /** Removes files no medium uses (runs once at a time; a call during a run runs again after). */
  sweep(): Promise<void>;
  /** Resolves when the queue and the sweep are idle (shutdown, tests). */
  idle(): Promise<void>;
}

export function mediaStoreFor(config: AppConfig): MediaStore {
  return config.mediaS3 ? s3Store(config.mediaS3) : directoryStore(path.join(config.dataDir, 'media'));
}

export function createMediaRuntime(config: AppConfig, db: Db, log: FastifyBaseLogger, store = mediaStoreFor(config)): MediaRuntime {
  const workDir = path.join(config.dataDir, 'media-work');
  const stagingDir = path.join(config.dataDir, 'media-staging');
  let queue: Promise<void> = Promise.resolve();
  let sweeping: Promise<void> | null = null;
  let again = false;

  async function playableCopy(sha256: string, local: string | undefined): Promise<void> {
    await mkdir(workDir, { recursive: true });
    const dir = await mkdtemp(path.join(workDir, 'h264-'));
    try {
      let input = local;
      if (!input) {
        input = path.join(dir, 'original');
        await pipeline(await store.read(mediaKey(sha256, 'original')), createWriteStream(input));
      }
      const output = path.join(dir, 'h264.mp4');
      await makePlayableCopy(input, output);
      await store.put(mediaKey(sha256, 'h264'), output, 'video/mp4');
      await inTransaction(db, async (trx) => {
        const row = await trx.selectFrom('mediaFiles').select('variants').where('sha256', '=', sha256).executeTakeFirst();
        if (!row) return;
        const variants = [...new Set([...(JSON.parse(row.variants) as string[]), 'h264'])];
        await updateMediaFile(trx, sha256, { variants: JSON.stringify(variants), processing: 0, playable: 'h264' });
        // Devices learn the new video URL through the change feed.
        const media = await trx.selectFrom('media').select('id').where('sha256', '=', sha256).execute();
        await trx.updateTable('media').set({ updatedAt: new Date().toISOString() }).where('sha256', '=', sha256).execute();
        await recordChanges(trx, changed('media', media.map((m) => m.id)));
      });
    } catch (err) {
      log.warn({ err, sha256 }, 'could not make the H.264 copy of a video; the original plays');
      await updateMediaFile(db, sha256, { processing: 0 }).catch(() => undefined);
    } finally {
      await rm(dir, { recursive: true, force: true });
      if (local) await rm(local, { force: true });
    }
  }

  async function sweepOnce(): Promise<void> {
    for (;;) {
      const unused = await unusedMediaFiles(db, 100);
      if (unused.length === 0) return;
      for (const file of unused) {
        // The row goes first and only while unused: a file a new upload claimed meanwhile stays.
        if (!(await deleteUnusedMediaFile(db, file.sha256))) continue;
        const variants = JSON.parse(file.variants) as string[];
        await store.remove(['original', ...variants].map((v) => mediaKey(file.sha256, v)));
      }
    }
  }

  const runtime: MediaRuntime = {
    store,
    workDir,
    stagingDir,
    queuePlayableCopy(sha256, local) {
      queue = queue.then(() => playableCopy(sha256, local));
    },
    sweep() {
      if (sweeping) {
        again = true;
        return sweeping;
      }
      sweeping = (async () => {
        do {
          again = false;
          await sweepOnce().catch((err: unknown) => log.warn({ err }, 'media file clean-up failed'));
        } while (again);
      })().finally(() => {
        sweeping = null;
      });
      return sweeping;
    },
    async idle() {
      await queue;
      if (sweeping) await sweeping;
    },
  };
  return runtime;
}

/** Videos whose copy was being made when the server stopped: made again from the stored original. */
export async function resumePlayableCopies(db: Db, runtime: MediaRuntime): Promise<void> {
  const rows = await db.selectFrom('mediaFiles').select('sha256').where('processing', '=', 1).execute();
  for (const row of rows) runtime.queuePlayableCopy(row.sha256);
}
