import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '@api/db/private-files';

// Where media files live: a directory (DATA_DIR/media) by default, or an S3-compatible bucket so
// several API instances share them. Keys are content-addressed: `<sha[0:2]>/<sha>/<variant>`.

export interface ByteRange {
  start: number;
  /** Inclusive, as in an HTTP Range. */
  end: number;
}

export interface MediaStore {
  /** Stores a local file under `key` (streamed, never read whole into memory). */
  put(key: string, file: string, contentType: string): Promise<void>;
  /** The stored size, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** The file's bytes (or one range of them); fails when the file is missing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the keys; missing ones are no error. */
  remove(keys: readonly string[]): Promise<void>;
}

export const mediaKey = (sha256: string, variant: string) => `${sha256.slice(0, 2)}/${sha256}/${variant}`;

/** Files under a directory; a file appears whole or not at all (written aside, then renamed). */
export function directoryStore(root: string): MediaStore {
  const full = (key: string) => path.join(root, ...key.split('/'));
  return {
    async put(key, file) {
      const target = full(key);
      await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
      const aside = `${target}.${process.pid}.${Date.now()}.part`;
      await copyFile(file, aside);
      // A copy takes the mode of its source, which a library wrote.
      await chmod(aside, PRIVATE_FILE_MODE);
      await rename(aside, target);
    },
    async size(key) {
      try {
        return (await stat(full(key))).size;
      } catch {
        return null;
      }
    },
    async read(key, range) {
      const stream = createReadStream(full(key), range ? { start: range.start, end: range.end } : {});
      // Open before answering, so a missing file fails here and not halfway through a response.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
      return stream;
    },
    async remove(keys) {
      const dirs = new Set<string>();
      for (const key of keys) {
        await rm(full(key), { force: true });
        dirs.add(path.dirname(full(key)));
      }
      // The per-content folder goes once it is empty; a folder still holding files stays.
      for (const dir of dirs) await rmdir(dir).catch(() => undefined);
    },
  };
}

export interface S3Settings {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Put before every key, e.g. `media/`. */
  prefix: string;
}

/** Objects in an S3-compatible bucket. */
export function s3Store(settings: S3Settings): MediaStore {
  // The SDK loads with the first file stored or read, not with the server (tens of MB).
  let connected: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        // Checksums only where S3 requires them: many S3-compatible servers do not understand the
        // chunked uploads with trailing checksums the SDK sends by default.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
      }),
    })));
  const Bucket = settings.bucket;
  const Key = (key: string) => `${settings.prefix}${key}`;
  return {
    async put(key, file, contentType) {
      const { sdk, client } = await connect();
      const { size } = await stat(file);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: Key(key),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async size(key) {
      const { sdk, client } = await connect();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: Key(key) }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async read(key, range) {
      const { sdk, client } = await connect();
      const object = await client.send(
        new sdk.GetObjectCommand({
          Bucket,
          Key: Key(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return object.Body as Readable;
    },
    async remove(keys) {
      const { sdk, client } = await connect();
      // At most 1000 keys a request.
      for (let start = 0; start < keys.length; start += 1000) {
        const Objects = keys.slice(start, start + 1000).map((key) => ({ Key: Key(key) }));
        await client.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },
  };
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}
