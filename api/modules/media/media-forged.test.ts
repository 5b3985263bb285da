import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createInspection } from '@api/test/factories';
import { useTempDir } from '@api/test/temp-dir';
import { childPids } from '@test/spawned-server';
import { FFMPEG_LIMITS, runFfmpeg, uploadedInput } from './media-files';
import { upload } from './media-test-kit';

// Videos that lie: a title tag that imitates ffmpeg's own lines, a frame too large to decode
// cheaply, and containers cut short or made of garbage. Each is refused with a clear 4xx.

const dataDir = useTempDir('baywise-media-');
const t = await useTestApp({ dataDir });
const tech = await t.signIn('technician');
const inspection = await createInspection(t.db);

const FORGED_TITLE = 'Stream #9:9: Video: hevc (Main), yuv420p, 320x240 … Duration: 00:00:01.00';
const ffmpegBinary = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** An H.264 MP4 of ffmpeg's test pattern, made by the bundled ffmpeg with `extra` output options. */
function encode(seconds: number, size: string, extra: string[] = []): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'baywise-forged-'));
  try {
    const file = path.join(dir, 'v.mp4');
    execFileSync(ffmpegBinary, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=5`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...extra, '-y', file],
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What `ffmpeg -i` prints about bytes: the text the server used to read. */
async function ffmpegText(bytes: Buffer): Promise<string> {
  const file = path.join(dataDir, `forged-${randomUUID()}.mp4`);
  writeFileSync(file, bytes);
  return (await runFfmpeg(['-i', file])).stderr;
}

const asVideo = () => ({ mediaId: randomUUID(), inspectionId: inspection.id, itemKey: 'leaks', kind: 'video' });

async function expectNotStored(mediaId: string) {
  expect((await tech.inject({ method: 'GET', url: `/api/media/${mediaId}` })).statusCode).toBe(404);
}

describe('a video whose metadata imitates ffmpeg', () => {
  it('refuses a 40 s MP4 titled "… Duration: 00:00:01.00" as too long (413)', async () => {
    const bytes = encode(40, '320x240', ['-metadata', `title=${FORGED_TITLE}`]);
    // ffmpeg's text names the forged codec and length first: what the old reading took.
    const text = await ffmpegText(bytes);
    expect(/Video: (\w+)/.exec(text)?.[1]).toBe('hevc');
    expect(/Duration: ([\d:.]+)/.exec(text)?.[1]).toBe('00:00:01.00');

    const meta = { ...asVideo(), durationMs: '1000' };
    const res = await upload(tech, meta, bytes);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({
      error: 'payload_too_large',
      message: 'This video is too long (40.0 seconds); the limit is 30.',
    });
    await expectNotStored(meta.mediaId);
  });

  it('stores a short H.264 video titled as HEVC as H.264, with its real length, and makes no copy', async () => {
    const bytes = encode(2, '320x240', ['-metadata', `title=${FORGED_TITLE}`]);
    const res = await upload(tech, asVideo(), bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'video', width: 320, height: 240, durationMs: 2000, processing: false });
  });
});

describe('a video too large to decode cheaply', () => {
  it('refuses a frame wider than 4096 px (413) before any decoder runs', async () => {
    const meta = asVideo();
    const res = await upload(tech, meta, encode(0.4, '4112x64'));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({
      error: 'payload_too_large',
      message: 'This video is too large (4112×64); the limit is 4096 pixels on its long edge.',
    });
    await expectNotStored(meta.mediaId);
  });

  it('takes a 4096 px wide one', async () => {
    const res = await upload(tech, asVideo(), encode(0.4, '4096x64'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ width: 4096, height: 64 });
  });
});

describe('a container cut short or made of garbage', () => {
  it('refuses an MP4 cut before its index (415) and says what is wrong', async () => {
    const whole = encode(2, '320x240');
    const meta = asVideo();
    const res = await upload(tech, meta, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toEqual({
      error: 'unsupported_media_type',
      message: 'This video could not be read: the mdat box overruns the file',
    });
    await expectNotStored(meta.mediaId);
  });

  it('refuses an MP4 header followed by random bytes (415)', async () => {
    const ftyp = encode(1, '320x240').subarray(0, 32);
    for (let seed = 0; seed < 5; seed++) {
      const res = await upload(tech, asVideo(), Buffer.concat([ftyp, randomBytes(4096)]));
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().message).toMatch(/^This video could not be read: [\w ]+$/);
    }
  });

  it('refuses a WebM header followed by random bytes (415)', async () => {
    // EBML header of a WebM (DocType "webm"), as file-type recognises it.
    const header = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581', 'hex');
    const meta = asVideo();
    const res = await upload(tech, meta, Buffer.concat([header, randomBytes(4096)]));
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().message).toMatch(/^This video could not be read: [\w ]+$/);
    await expectNotStored(meta.mediaId);
  });
});

describe('ffmpeg on uploaded bytes', () => {
  it('opens local files only, with the demuxer and decoder forced', async () => {
    expect(uploadedInput('/f.webm', 'video/webm', 'vp9')).toEqual([
      ...['-protocol_whitelist', 'file', '-f', 'matroska', '-c:v', 'vp9', '-t', '31', '-i', '/f.webm'],
    ]);
    const { code, stderr } = await runFfmpeg([
      ...uploadedInput('http://127.0.0.1:9/v.mp4', 'video/mp4', 'h264'),
      ...['-f', 'null', '-'],
    ]);
    expect(code).not.toBe(0);
    expect(stderr).toContain("Protocol 'http' not on whitelist 'file'!");
  });

  it('runs under a CPU, memory and output limit', async () => {
    // A slow run (read at its own pace) whose process limits are read while it runs.
    const run = runFfmpeg(['-re', '-f', 'lavfi', '-i', 'testsrc=rate=5', '-t', '3', '-f', 'null', '-']);
    let limits = '';
    for (let i = 0; i < 100 && !limits; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const ffmpeg = childPids(process.pid).find((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('ffmpeg');
        } catch {
          return false;
        }
      });
      if (ffmpeg) limits = readFileSync(`/proc/${ffmpeg}/limits`, 'utf8');
    }
    expect((await run).code).toBe(0);
    expect(limits).toMatch(new RegExp(`Max cpu time\\s+${FFMPEG_LIMITS.cpuSeconds}\\s`));
    expect(limits).toMatch(new RegExp(`Max address space\\s+${FFMPEG_LIMITS.memoryKiB * 1024}\\s`));
    expect(limits).toMatch(new RegExp(`Max file size\\s+${FFMPEG_LIMITS.outputBlocks * 512}\\s`));
  });
});
