import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/utils';
import { makePrivateDir, PRIVATE_FILE_MODE } from '@api/db/private-files';

// Where tus keeps uploads until their last byte: the file store of @tus/file-store, with two
// changes. An upload expires a day after its last byte arrived (tus counts from its creation, so
// a video resumed now and then over a day would be refused mid-way), and an upload must state its
// length when it is created (a deferred length would let a photo stage 100 MB before its cap).

/** The metadata key the server adds at creation: who uploads, so a restart can finish the upload. */
export const UPLOADER_KEY = 'baywiseUploader';

export interface StagedUpload {
  id: string;
  size: number | undefined;
  offset: number;
  metadata: Record<string, string | null>;
  lastActivity: Date;
}

export class StagingStore extends FileStore {
  constructor(
    private readonly dir: string,
    private readonly expiryMs: number,
  ) {
    // tus creates its folder 0777 less the umask: made owner-only here first.
    makePrivateDir(dir);
    super({ directory: dir, expirationPeriodInMilliseconds: expiryMs });
    this.extensions = this.extensions.filter((e) => e !== 'creation-defer-length');
  }

  /** tus writes the staged file and its `.json` with the umask's mode: both made owner-only. */
  override async create(upload: Upload): Promise<Upload> {
    const created = await super.create(upload);
    const file = path.join(this.dir, upload.id);
    await Promise.all([chmod(file, PRIVATE_FILE_MODE), chmod(`${file}.json`, PRIVATE_FILE_MODE)]);
    return created;
  }

  /** tus reads `creation_date` for expiry (and `Upload-Expires`): it gets the last write instead. */
  override async getUpload(id: string): Promise<Upload> {
    const upload = await super.getUpload(id);
    const written = await stat(path.join(this.dir, id));
    upload.creation_date = written.mtime.toISOString();
    return upload;
  }

  /** The staged file of an upload tus knows. */
  fileOf(id: string): string {
    return path.join(this.dir, id);
  }

  /** Every staged upload, complete or not, with the time its bytes last changed. */
  async staged(): Promise<StagedUpload[]> {
    const ids = await this.configstore.list!().catch(() => [] as string[]);
    const out: StagedUpload[] = [];
    for (const id of ids) {
      const info = await this.configstore.get(id);
      const file = await stat(path.join(this.dir, id)).catch(() => null);
      if (!info || !file) continue;
      out.push({
        id,
        size: info.size,
        offset: file.size,
        metadata: (info.metadata ?? {}) as Record<string, string | null>,
        lastActivity: file.mtime,
      });
    }
    return out;
  }

  /** Whether an upload had no byte for longer than the expiry. */
  expired(upload: { lastActivity: Date }, now = Date.now()): boolean {
    return now - upload.lastActivity.getTime() > this.expiryMs;
  }

  /** Forgets uploads with no byte for longer than the expiry, finished or not; returns how many. */
  override async deleteExpired(): Promise<number> {
    let removed = 0;
    for (const upload of await this.staged()) {
      if (!this.expired(upload)) continue;
      await this.remove(upload.id).catch(() => undefined);
      removed++;
    }
    return removed;
  }
}
