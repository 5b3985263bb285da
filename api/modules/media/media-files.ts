import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { pipeline } from 'node:stream/promises';
import type { default as Sharp } from 'sharp';
import { MEDIA_VARIANT_WIDTHS, PHOTO_TYPES, VIDEO_MAX_SECONDS, VIDEO_TYPES } from '@shared/constants';
import type { VideoFacts } from './video-facts';

// What the server does with an uploaded file: the type from its bytes, its SHA-256 (read as a
// stream), and the copies it serves. Nothing here reads a whole video into memory.

// libvips, ffmpeg's locator and the type sniffer load with the first upload, not with every
// server: most processes and requests never touch a photo (tens of MB of a server's memory).
const require = createRequire(import.meta.url);
let ffmpegPath: string | undefined;
const ffmpeg = (): string => (ffmpegPath ??= (require('@ffmpeg-installer/ffmpeg') as { path: string }).path);

let sharpLoaded: Promise<typeof Sharp> | undefined;
const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    // Each upload is processed once: libvips' operation cache would only hold decoded images in
    // memory, and one thread per image leaves the other core to answer requests meanwhile.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));

const PHOTO = new Set<string>(PHOTO_TYPES);
const VIDEO = new Set<string>(VIDEO_TYPES);

export type Sniffed = { kind: 'photo' | 'video'; contentType: string } | null;

/** The file's real type from its first bytes; null for anything that is no photo or video we take. */
export async function sniffType(file: string): Promise<Sniffed> {
  const { fileTypeFromFile } = await import('file-type');
  const found = await fileTypeFromFile(file);
  if (!found) return null;
  if (PHOTO.has(found.mime)) return { kind: 'photo', contentType: found.mime };
  if (VIDEO.has(found.mime)) return { kind: 'video', contentType: found.mime };
  return null;
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export interface Variant {
  name: string;
  file: string;
  contentType: string;
}

export interface Prepared {
  /** The file to keep as the original (metadata stripped). */
  original: Variant;
  variants: Variant[];
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** The video's codec would not play on common phones: a copy is to be made. */
  needsPlayableCopy: boolean;
}

const VARIANT_TYPE = 'image/webp';
/** Decoding more pixels than this would take gigabytes (a small JPEG can declare 16000×16000). */
export const PHOTO_MAX_MEGAPIXELS = 50;
const PIXEL_LIMIT = PHOTO_MAX_MEGAPIXELS * 1_000_000;
/** The stored original's long edge at most (devices send 2048 px). */
export const ORIGINAL_MAX_EDGE = 4096;

/** A photo's pixel count from its header, without decoding it; null when sharp cannot read it. */
export async function photoPixels(input: string): Promise<number | null> {
  const sharp = await loadSharp();
  const meta = await sharp(input)
    .metadata()
    .catch(() => null);
  return meta?.width && meta.height ? meta.width * meta.height : null;
}

/** w320/w960/w1920 from an image, upright and without metadata (sharp keeps none unless asked). */
async function resizedCopies(input: string, base: string): Promise<Variant[]> {
  const sharp = await loadSharp();
  const out: Variant[] = [];
  for (const width of MEDIA_VARIANT_WIDTHS) {
    const file = `${base}.w${width}.webp`;
    await sharp(input, { limitInputPixels: PIXEL_LIMIT })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(file);
    out.push({ name: `w${width}`, file, contentType: VARIANT_TYPE });
  }
  return out;
}

/**
 * A photo: turned upright from its EXIF orientation and written again without metadata (GPS,
 * camera, times), in its own format, plus resized copies. Throws for an image sharp cannot read.
 */
export async function preparePhoto(input: string, contentType: string, base: string): Promise<Prepared> {
  const sharp = await loadSharp();
  const image = sharp(input, { limitInputPixels: PIXEL_LIMIT })
    .rotate()
    .resize({ width: ORIGINAL_MAX_EDGE, height: ORIGINAL_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
  const file = `${base}.original`;
  const info = await (
    contentType === 'image/png'
      ? image.png()
      : contentType === 'image/webp'
        ? image.webp({ quality: 90 })
        : contentType === 'image/avif'
          ? image.avif({ quality: 70 })
          : image.jpeg({ quality: 90, mozjpeg: true })
  ).toFile(file);
  // PNG, WebP and AVIF keep their format; JPEG (and any other photo type sharp reads) is written as JPEG.
  const storedType = ['image/png', 'image/webp', 'image/avif'].includes(contentType) ? contentType : 'image/jpeg';
  return {
    original: { name: 'original', file, contentType: storedType },
    variants: await resizedCopies(file, base),
    width: info.width,
    height: info.height,
    durationMs: null,
    needsPlayableCopy: false,
  };
}

/**
 * Limits of one ffmpeg run on uploaded bytes: a decoder bug or a crafted file may cost this much
 * and no more. A 30 s phone video's H.264 copy takes a few CPU seconds and a few hundred MB.
 */
export const FFMPEG_LIMITS = {
  wallMs: 120_000,
  cpuSeconds: 90,
  memoryKiB: 2 * 1024 * 1024,
  /** The largest file it may write, in 512-byte blocks (`ulimit -f`): 256 MB. */
  outputBlocks: 512 * 1024,
};

// The limits are set in a shell that then becomes ffmpeg (exec), so the wall-clock kill reaches it.
const LIMITED = 'ulimit -t "$1"; ulimit -v "$2"; ulimit -f "$3"; shift 3; exec "$@"';

/** Runs the bundled ffmpeg under FFMPEG_LIMITS; resolves with its exit code (non-zero when killed). */
export function runFfmpeg(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  const limits = [FFMPEG_LIMITS.cpuSeconds, FFMPEG_LIMITS.memoryKiB, FFMPEG_LIMITS.outputBlocks].map(String);
  return new Promise((resolve) => {
    execFile(
      '/bin/sh',
      ['-c', LIMITED, 'sh', ...limits, ffmpeg(), '-hide_banner', '-nostdin', ...args],
      { maxBuffer: 4 * 1024 * 1024, timeout: FFMPEG_LIMITS.wallMs, killSignal: 'SIGKILL' },
      (err, _stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stderr: String(stderr) });
      },
    );
  });
}

/** ffmpeg's demuxer for each container we take: never guessed from the bytes. */
const DEMUXER: Record<string, string> = { 'video/mp4': 'mov', 'video/quicktime': 'mov', 'video/webm': 'matroska' };
/** The decoder for each codec the container parser names (AV1's depends on the build: not forced). */
const DECODER: Record<string, string> = { h264: 'h264', hevc: 'hevc', vp8: 'vp8', vp9: 'vp9' };

/**
 * ffmpeg's input options for uploaded bytes: local files only, the container's demuxer and the
 * codec's decoder forced, and at most a second past the length cap read.
 */
export function uploadedInput(file: string, contentType: string, codec: string): string[] {
  const demuxer = DEMUXER[contentType];
  if (!demuxer) throw new Error(`no demuxer for ${contentType}`);
  const decoder = DECODER[codec];
  return [
    '-protocol_whitelist',
    'file',
    '-f',
    demuxer,
    ...(decoder ? ['-c:v', decoder] : []),
    '-t',
    String(VIDEO_MAX_SECONDS + 1),
    '-i',
    file,
  ];
}

/** Codecs common phones cannot play in a browser. */
const NEEDS_COPY = new Set(['hevc', 'h265']);

// The streams kept from a medium: its first video stream and its audio, if any.
const firstVideoAndAudio = ['-map', '0:v:0', '-map', '0:a?'];

/**
 * A video: its streams copied into a new file without metadata (a phone's location lives there),
 * a poster frame and resized copies of it. Throws when ffmpeg cannot read it.
 */
export async function prepareVideo(
  input: string,
  contentType: string,
  base: string,
  facts: VideoFacts,
): Promise<Prepared> {
  const format = contentType === 'video/webm' ? 'webm' : contentType === 'video/quicktime' ? 'mov' : 'mp4';
  const file = `${base}.original.${format}`;
  const copy = await runFfmpeg([
    ...uploadedInput(input, contentType, facts.codec),
    ...firstVideoAndAudio,
    '-map_metadata',
    '-1',
    '-c',
    'copy',
    ...(format === 'webm' ? [] : ['-movflags', '+faststart']),
    '-f',
    format,
    '-y',
    file,
  ]);
  if (copy.code !== 0) throw new Error(`ffmpeg could not copy the video: ${copy.stderr.slice(-300)}`);
  const poster = `${base}.poster.jpg`;
  const at = facts.durationMs > 1000 ? '0.5' : '0';
  const frame = await runFfmpeg([
    '-ss',
    at,
    ...uploadedInput(file, contentType, facts.codec),
    '-frames:v',
    '1',
    '-q:v',
    '3',
    '-f',
    'image2',
    '-y',
    poster,
  ]);
  if (frame.code !== 0) throw new Error(`ffmpeg could not take a poster frame: ${frame.stderr.slice(-300)}`);
  return {
    original: { name: 'original', file, contentType },
    variants: [{ name: 'poster', file: poster, contentType: 'image/jpeg' }, ...(await resizedCopies(poster, base))],
    width: facts.width,
    height: facts.height,
    durationMs: facts.durationMs,
    needsPlayableCopy: NEEDS_COPY.has(facts.codec),
  };
}

/** An H.264/AAC MP4 copy that phones play, streamable from its start. */
export async function makePlayableCopy(input: string, contentType: string, output: string): Promise<void> {
  const result = await runFfmpeg([
    // Only HEVC videos get a copy.
    ...uploadedInput(input, contentType, 'hevc'),
    ...firstVideoAndAudio,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    '-y',
    output,
  ]);
  if (result.code !== 0) throw new Error(`ffmpeg could not make the H.264 copy: ${result.stderr.slice(-300)}`);
}
