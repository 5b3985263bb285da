import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { pipeline } from 'node:stream/promises';
import type { default as Sharp } from 'sharp';
import { MEDIA_VARIANT_WIDTHS, PHOTO_TYPES, VIDEO_MAX_SECONDS, VIDEO_TYPES } from '@shared/constants';

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

export function runFfmpeg(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      ffmpeg(),
      ['-hide_banner', '-nostdin', ...args],
      { maxBuffer: 4 * 1024 * 1024 },
      (err, _stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stderr: String(stderr) });
      },
    );
  });
}

export interface VideoProbe {
  codec: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

/** Reads what `ffmpeg -i` prints about the first video stream; null when it finds none. */
export async function probeVideo(file: string): Promise<VideoProbe | null> {
  const { stderr } = await runFfmpeg(['-i', file]);
  const stream = /Stream #\d+:\d+.*?: Video: (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!stream) return null;
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const durationMs = duration
    ? Math.round((Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000)
    : null;
  // A phone's portrait video is stored landscape with a rotation: the poster shows it upright.
  const rotate = /rotate\s*:\s*(-?\d+)/.exec(stderr);
  const turned = rotate ? Math.abs(Number(rotate[1])) % 180 === 90 : false;
  const [w, h] = [Number(stream[2]), Number(stream[3])];
  return { codec: stream[1]!, width: turned ? h : w, height: turned ? w : h, durationMs };
}

/**
 * A video's length when its container states none (a MediaRecorder WebM says `Duration: N/A`):
 * the time of the last frame decoded. Decoding stops a second past the cap, so a long video costs
 * no more than a short one; null when nothing could be decoded.
 */
export async function measureDuration(file: string): Promise<number | null> {
  const { code, stderr } = await runFfmpeg([
    '-i',
    file,
    '-map',
    '0:v:0',
    '-t',
    String(VIDEO_MAX_SECONDS + 1),
    '-f',
    'null',
    '-',
  ]);
  const times = [...stderr.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
  const last = times.at(-1);
  if (code !== 0 || !last) return null;
  return Math.round((Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3])) * 1000);
}

/** Codecs common phones cannot play in a browser. */
const NEEDS_COPY = new Set(['hevc', 'h265']);

// ffmpeg's input options for a medium: its first video stream and its audio, if any.
const firstVideoAndAudio = (input: string) => ['-i', input, '-map', '0:v:0', '-map', '0:a?'];

/**
 * A video: its streams copied into a new file without metadata (a phone's location lives there),
 * a poster frame and resized copies of it. Throws when ffmpeg cannot read it.
 */
export async function prepareVideo(input: string, contentType: string, base: string): Promise<Prepared> {
  const probe = await probeVideo(input);
  if (!probe) throw new Error('no video stream');
  // Never the client's word for it: a length the container does not state is measured.
  probe.durationMs ??= await measureDuration(input);
  if (probe.durationMs === null) throw new Error('the video could not be decoded');
  const format = contentType === 'video/webm' ? 'webm' : contentType === 'video/quicktime' ? 'mov' : 'mp4';
  const file = `${base}.original.${format}`;
  const copy = await runFfmpeg([
    ...firstVideoAndAudio(input),
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
  const at = probe.durationMs && probe.durationMs > 1000 ? '0.5' : '0';
  const frame = await runFfmpeg(['-ss', at, '-i', file, '-frames:v', '1', '-q:v', '3', '-f', 'image2', '-y', poster]);
  if (frame.code !== 0) throw new Error(`ffmpeg could not take a poster frame: ${frame.stderr.slice(-300)}`);
  return {
    original: { name: 'original', file, contentType },
    variants: [{ name: 'poster', file: poster, contentType: 'image/jpeg' }, ...(await resizedCopies(poster, base))],
    width: probe.width,
    height: probe.height,
    durationMs: probe.durationMs,
    needsPlayableCopy: NEEDS_COPY.has(probe.codec),
  };
}

/** An H.264/AAC MP4 copy that phones play, streamable from its start. */
export async function makePlayableCopy(input: string, output: string): Promise<void> {
  const result = await runFfmpeg([
    ...firstVideoAndAudio(input),
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
