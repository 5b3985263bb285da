import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';

/** A JPEG of one colour with a word on it, so a test can tell pictures apart on screen. */
export function labelledJpeg(text: string, colour: string, width = 800, height = 600): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/><text x="50%" y="50%" font-size="${Math.round(height / 6)}" text-anchor="middle" fill="#ffffff" font-family="sans-serif">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * A camera-sized JPEG of about `bytes` (noise compresses badly, as a real photo of a tire does):
 * random pixels at 2048×1536, the quality raised until the file is big enough.
 */
export async function noisyJpeg(bytes: number, seed: number): Promise<Buffer> {
  const width = 2048;
  const height = 1536;
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < pixels.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels[i] = x & 0xff;
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } }).blur(0.6);
  for (const quality of [80, 88, 94, 98]) {
    const jpeg = await image.clone().jpeg({ quality }).toBuffer();
    if (jpeg.length >= bytes * 0.9 || quality === 98) return jpeg;
  }
  throw new Error('unreachable');
}

/** An H.264 MP4 made with the ffmpeg shipped through npm: a test pattern, `seconds` long. */
export function testVideo(seconds: number, size = '320x240'): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'baywise-video-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    const result = spawnSync(
      ffmpeg.path,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc=size=${size}:rate=30`,
        '-t',
        String(seconds),
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        file,
      ],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Random pixels, losslessly encoded: H.264 that no encoder can shrink, made in seconds. */
function noiseVideo(frames: number, file: string): void {
  const result = spawnSync(
    ffmpeg.path,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
      '-s',
      '640x480',
      '-r',
      '30',
      '-i',
      '/dev/urandom',
      '-frames:v',
      String(frames),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-qp',
      '0',
      '-movflags',
      '+faststart',
      '-y',
      file,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
}

/**
 * A real H.264 MP4 (640×480, 30 fps, a few seconds of noise) of about `bytes` and never more:
 * the frame count comes from a short trial encode.
 */
export function videoOfSize(bytes: number): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'baywise-video-'));
  try {
    const file = path.join(dir, 'noise.mp4');
    noiseVideo(10, file);
    const perFrame = readFileSync(file).length / 10;
    for (let frames = Math.floor((bytes / perFrame) * 0.99); frames > 0; frames = Math.floor(frames * 0.98)) {
      noiseVideo(frames, file);
      const video = readFileSync(file);
      if (video.length <= bytes) return video;
    }
    throw new Error('could not make a video that small');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
