import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readVideoFacts } from './video-facts';

// The container parser on the shapes phones and browsers write: fragmented MP4, a portrait video
// stored with a rotation, QuickTime, and a live WebM. Files made by the bundled ffmpeg.

const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const dir = mkdtempSync(path.join(tmpdir(), 'baywise-facts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function make(name: string, args: string[], input = ['-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=10']) {
  const file = path.join(dir, name);
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', ...input, ...args, '-y', file]);
  return file;
}

const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

describe('reading a video from its container', () => {
  it('reads a plain MP4 and a QuickTime HEVC file', async () => {
    expect(await readVideoFacts(make('a.mp4', h264), 'video/mp4')).toEqual({
      codec: 'h264',
      width: 320,
      height: 240,
      durationMs: 3000,
    });
    const hevc = ['-c:v', 'libx265', '-tag:v', 'hvc1', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p'];
    expect(await readVideoFacts(make('b.mov', hevc), 'video/quicktime')).toEqual({
      codec: 'hevc',
      width: 320,
      height: 240,
      durationMs: 3000,
    });
  });

  it('adds up the fragments of a fragmented MP4, whose header states no length', async () => {
    const file = make('c.mp4', [...h264, '-g', '10', '-movflags', 'frag_keyframe+empty_moov']);
    expect(await readVideoFacts(file, 'video/mp4')).toEqual({
      codec: 'h264',
      width: 320,
      height: 240,
      durationMs: 3000,
    });
  });

  it('turns the size of a video stored with a quarter turn, as a phone stores a portrait one', async () => {
    const plain = make('d.mp4', h264);
    const file = make('e.mp4', ['-c', 'copy', '-metadata:s:v:0', 'rotate=90'], ['-i', plain]);
    expect(await readVideoFacts(file, 'video/mp4')).toMatchObject({ width: 240, height: 320 });
  });

  it('reads a live WebM from its blocks and a VP9 WebM with a stated length', async () => {
    const live = make('f.webm', ['-c:v', 'libvpx', '-deadline', 'realtime', '-live', '1', '-f', 'webm']);
    expect(await readVideoFacts(live, 'video/webm')).toEqual({
      codec: 'vp8',
      width: 320,
      height: 240,
      durationMs: 3000,
    });
    const vp9 = make('g.webm', ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8']);
    expect(await readVideoFacts(vp9, 'video/webm')).toEqual({
      codec: 'vp9',
      width: 320,
      height: 240,
      durationMs: 3000,
    });
  });
});
