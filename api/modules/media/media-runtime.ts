import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createWriteStream, existsSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '@api/config';
import type { Db } from '@api/db/database';
import { inTransaction } from '@api/db/transaction';
import { changed, deletedBetween, newestChangeAfter, recordChanges } from '@api/lib/change-log';
import { isProcessRunning } from '@api/db/server-lock';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '@api/db/private-files';
import { nowIso } from '@api/lib/tokens';
import { makePlayableCopy } from './media-files';
import { directoryStore, mediaKey, s3Store, type MediaStore } from './media-store';
import { deleteUnusedMediaFile, touchMediaOf, unusedMediaFiles, updateMediaFile } from './media.repository';

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
  /**
   * Removes files no medium uses (one run at a time; a call during a run runs again after). Unless
   * `force`, it first checks cheaply whether any medium was deleted since the last run.
   */
  sweep(force?: boolean): Promise<void>;
  /** Resolves when the queue and the sweep are idle (shutdown, tests). */
  idle(): Promise<void>;
  /** Removes what stopped processes left in the work folder (at start). */
  clearStaleWork(): Promise<void>;
}

/** Records the media of a content as changed (now), in the transaction that changed its file's row. */
async function recordMediaOf(trx: Db, sha256: string): Promise<void> {
  const now = nowIso();
  await recordChanges(trx, changed('media', await touchMediaOf(trx, sha256, now)), now);
}

/** How long a claim on making a video's copy holds: a 30 s video's copy takes seconds. */
export const COPY_LEASE_MS = 10 * 60 * 1000;

/**
 * Claims making the copy of a content: a conditional update only one worker or instance wins, and
 * which another may win again once the lease has lapsed. False when the copy is not to be made here.
 */
export async function claimPlayableCopy(db: Db, sha256: string, now = Date.now()): Promise<boolean> {
  const lapsed = new Date(now - COPY_LEASE_MS).toISOString();
  const result = await db
    .updateTable('mediaFiles')
    .set({ copyStartedAt: new Date(now).toISOString() })
    .where('sha256', '=', sha256)
    .where('processing', '=', 1)
    .where((eb) => eb.or([eb('copyStartedAt', 'is', null), eb('copyStartedAt', '<', lapsed)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function mediaStoreFor(config: AppConfig): MediaStore {
  return config.mediaS3 ? s3Store(config.mediaS3) : directoryStore(path.join(config.dataDir, 'media'));
}

export function createMediaRuntime(
  config: AppConfig,
  db: Db,
  log: FastifyBaseLogger,
  store = mediaStoreFor(config),
): MediaRuntime {
  // One folder per process: with several workers, one starting never removes another's files.
  const workRoot = path.join(config.dataDir, 'media-work');
  const workDir = path.join(workRoot, String(process.pid));
  const stagingDir = path.join(config.dataDir, 'media-staging');
  let queue: Promise<void> = Promise.resolve();
  let sweeping: Promise<void> | null = null;
  let again = false;
  let forceAgain = false;
  // The newest change a sweep has looked at: each check reads only the changes after it.
  let seenSeq = -1;

  /** Whether a medium was deleted since the last check: two index ranges over the newer changes only. */
  async function mediaDeletedSince(): Promise<boolean> {
    const upTo = await newestChangeAfter(db, seenSeq);
    if (upTo === undefined) return false;
    const deleted = await deletedBetween(db, 'media', seenSeq, upTo);
    seenSeq = upTo;
    return deleted;
  }

  const stillStored = async (sha256: string) =>
    Boolean(await db.selectFrom('mediaFiles').select('sha256').where('sha256', '=', sha256).executeTakeFirst());

  async function playableCopy(sha256: string, local: string | undefined): Promise<void> {
    if (!(await claimPlayableCopy(db, sha256).catch(() => false))) {
      // Another worker makes it (or the medium is gone): its local copy is of no use here.
      if (local) await rm(local, { force: true });
      return;
    }
    await mkdir(workDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const dir = await mkdtemp(path.join(workDir, 'h264-'));
    const key = mediaKey(sha256, 'h264');
    try {
      let input = local && existsSync(local) ? local : undefined;
      if (!input) {
        input = path.join(dir, 'original');
        await pipeline(
          await store.read(mediaKey(sha256, 'original')),
          createWriteStream(input, { mode: PRIVATE_FILE_MODE }),
        );
      }
      const output = path.join(dir, 'h264.mp4');
      const file = await db
        .selectFrom('mediaFiles')
        .select('contentType')
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      // Deleted since it was queued: nothing to copy.
      if (!file) return;
      await makePlayableCopy(input, file.contentType, output);
      // A medium deleted meanwhile took its files with it: its copy is not stored.
      if (!(await stillStored(sha256))) return;
      await store.put(key, output, 'video/mp4');
      const kept = await inTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom('mediaFiles')
          .select('variants')
          .where('sha256', '=', sha256)
          .executeTakeFirst();
        if (!row) return false;
        const variants = [...new Set([...(JSON.parse(row.variants) as string[]), 'h264'])];
        await updateMediaFile(trx, sha256, { variants: JSON.stringify(variants), processing: 0, playable: 'h264' });
        // Devices learn the new video URL through the change feed.
        await recordMediaOf(trx, sha256);
        return true;
      });
      // Deleted between the check and the put: the copy would be a file no row names.
      if (!kept) await store.remove([key]);
    } catch (err) {
      log.warn({ err, sha256 }, 'could not make the H.264 copy of a video; the original plays');
      // Devices learn through the change feed that the video is no longer being processed.
      await inTransaction(db, async (trx) => {
        await updateMediaFile(trx, sha256, { processing: 0 });
        await recordMediaOf(trx, sha256);
      }).catch(() => undefined);
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
        // A video's copy may be stored before its name is in `variants`: it goes too.
        const variants = new Set([
          'original',
          ...(JSON.parse(file.variants) as string[]),
          ...(file.contentType.startsWith('video/') ? ['h264'] : []),
        ]);
        await store.remove([...variants].map((v) => mediaKey(file.sha256, v)));
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
    sweep(force = false) {
      if (sweeping) {
        again = true;
        forceAgain ||= force;
        return sweeping;
      }
      sweeping = (async () => {
        let forced = force;
        do {
          again = false;
          await (async () => {
            if ((await mediaDeletedSince()) || forced) await sweepOnce();
          })().catch((err: unknown) => log.warn({ err }, 'media file clean-up failed'));
          forced = forceAgain;
          forceAgain = false;
        } while (again);
      })().finally(() => {
        sweeping = null;
      });
      return sweeping;
    },
    async clearStaleWork() {
      const entries = await readdir(workRoot).catch(() => [] as string[]);
      for (const name of entries) {
        const pid = /^\d+$/.test(name) ? Number(name) : null;
        if (pid !== null && pid !== process.pid && isProcessRunning(pid)) continue;
        await rm(path.join(workRoot, name), { recursive: true, force: true });
      }
    },
    async idle() {
      // A sweep asked for by a response that just ended starts on the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      await queue;
      if (sweeping) await sweeping;
    },
  };
  return runtime;
}

/**
 * Videos whose copy was being made when a server stopped: made again from the stored original. A
 * copy another worker is making (its claim has not lapsed) is left to it.
 */
export async function resumePlayableCopies(db: Db, runtime: MediaRuntime, now = Date.now()): Promise<void> {
  const lapsed = new Date(now - COPY_LEASE_MS).toISOString();
  const rows = await db
    .selectFrom('mediaFiles')
    .select('sha256')
    .where('processing', '=', 1)
    .where((eb) => eb.or([eb('copyStartedAt', 'is', null), eb('copyStartedAt', '<', lapsed)]))
    .execute();
  for (const row of rows) runtime.queuePlayableCopy(row.sha256);
}
