import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Client } from '@api/test/app';
import { runFfmpeg } from './media-files';

// Test helpers for media: generated photos and videos, and raw tus 1.0 requests through app.inject.

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A JPEG of `width`×`height` with a colour gradient (so resizing has something to do). */
export async function makeJpeg(
  width = 1200,
  height = 800,
  exif?: Record<string, Record<string, string>>,
  orientation?: number,
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = x < width / 2 ? 40 : 220;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (exif || orientation)
    image = image.withMetadata({ ...(exif ? { exif } : {}), ...(orientation ? { orientation } : {}) });
  return image.jpeg({ quality: 85 }).toBuffer();
}

/** Encodes ffmpeg's test pattern `testsrc` (its options) with `args` into a file called `name`; returns its bytes. */
async function encodeTestPattern(name: string, testsrc: string, args: string[]): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'baywise-video-'));
  try {
    const file = path.join(dir, name);
    const result = await runFfmpeg(['-f', 'lavfi', '-i', `testsrc=${testsrc}`, ...args, '-y', file]);
    if (result.code !== 0) throw new Error(result.stderr);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A short MP4 from ffmpeg's test pattern; `codec` libx264 (H.264) or libx265 (HEVC). */
export function makeVideo(seconds = 1, codec: 'libx264' | 'libx265' = 'libx264'): Promise<Buffer> {
  return encodeTestPattern('v.mp4', `duration=${seconds}:size=320x240:rate=15`, [
    '-c:v',
    codec,
    '-pix_fmt',
    'yuv420p',
    ...(codec === 'libx265' ? ['-tag:v', 'hvc1', '-x265-params', 'log-level=error'] : []),
    '-metadata',
    'location=+48.8584+002.2945/',
  ]);
}

/** A VP8 WebM written as a live stream, so its container states no length (as MediaRecorder's do). */
export function makeLiveWebm(seconds: number): Promise<Buffer> {
  return encodeTestPattern('v.webm', `duration=${seconds}:size=160x120:rate=10`, [
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-live',
    '1',
    '-f',
    'webm',
  ]);
}

/** A copy of a baseline JPEG whose header declares `width`×`height` (a decompression bomb's shape). */
export function declareJpegSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  const sof = out.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no baseline frame header');
  out.writeUInt16BE(height, sof + 5);
  out.writeUInt16BE(width, sof + 7);
  return out;
}

export interface UploadMeta {
  mediaId?: string;
  role?: string;
  sha256?: string;
  inspectionId?: string;
  itemKey?: string;
  serviceId?: string;
  kind?: string;
  caption?: string;
  position?: string;
  capturedAt?: string;
  durationMs?: string;
}

export const encodeMetadata = (meta: Record<string, string | undefined>) =>
  Object.entries(meta)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${Buffer.from(v!).toString('base64')}`)
    .join(',');

const TUS = { 'tus-resumable': '1.0.0' };

export function createUpload(client: Client, meta: UploadMeta, length: number): Promise<LightMyRequestResponse> {
  return client.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': encodeMetadata({ ...meta }) },
  });
}

export function patchUpload(
  client: Client,
  location: string,
  offset: number,
  bytes: Buffer,
): Promise<LightMyRequestResponse> {
  return client.inject({
    method: 'PATCH',
    url: location,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
}

export function headUpload(client: Client, location: string): Promise<LightMyRequestResponse> {
  return client.inject({ method: 'HEAD', url: location, headers: TUS });
}

/** Creates an upload of `bytes` as the original of a new medium (a photo unless `meta` says otherwise), declaring `length` bytes. */
export function createPhotoUpload(
  client: Client,
  bytes: Buffer,
  meta: UploadMeta,
  length = bytes.length,
): Promise<LightMyRequestResponse> {
  return createUpload(
    client,
    { mediaId: randomUUID(), role: 'original', kind: 'photo', sha256: sha256(bytes), ...meta },
    length,
  );
}

/** Creates and sends a whole file in one PATCH (or in chunks of `chunk` bytes); returns the last answer. */
export async function upload(
  client: Client,
  meta: UploadMeta,
  bytes: Buffer,
  chunk = bytes.length,
): Promise<LightMyRequestResponse> {
  const created = await createPhotoUpload(client, bytes, meta);
  if (created.statusCode !== 201) return created;
  const location = String(created.headers.location);
  let last = created;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    last = await patchUpload(client, location, offset, bytes.subarray(offset, offset + chunk));
    if (last.statusCode >= 300) return last;
  }
  return last;
}
