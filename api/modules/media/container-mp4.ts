import type { ContainerReader } from './container-reader';
import { ContainerError, type VideoFacts } from './container-reader';

// MP4 and QuickTime (ISO BMFF) boxes: the length, codec and size of the first video track from
// mvhd, tkhd, mdhd, stts and stsd (and moof/trun for fragmented files). Metadata boxes (udta,
// meta, ilst: where a title lives) are never read, so no tag can change what is measured.

const CODECS: Record<string, string> = {
  avc1: 'h264',
  avc3: 'h264',
  hvc1: 'hevc',
  hev1: 'hevc',
  vp08: 'vp8',
  vp09: 'vp9',
  av01: 'av1',
};

/** A fragmented 30 s video has tens of top-level boxes; garbage of tiny boxes stops here. */
const MAX_TOP_BOXES = 20_000;

/** A box type fit to show in an error message (garbage bytes are not). */
const boxName = (type: string) => (/^[\w ]{4}$/.test(type) ? type : 'unnamed');

interface Box {
  type: string;
  /** Where the payload starts and ends, in the buffer or file it was read from. */
  start: number;
  end: number;
}

/** The boxes one after another in `buf` between `from` and `to`. */
function boxesIn(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) throw new ContainerError('a box header ends early');
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) throw new ContainerError(`the ${boxName(type)} box overruns its parent`);
    out.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return out;
}

const child = (buf: Buffer, parent: Box, type: string) =>
  boxesIn(buf, parent.start, parent.end).find((b) => b.type === type);

function need(box: Box | undefined, what: string): Box {
  if (!box) throw new ContainerError(`no ${what} box`);
  return box;
}

/** (version 0: 32-bit, 1: 64-bit) time scale and duration of an mvhd or mdhd. */
function scaleAndDuration(buf: Buffer, box: Box): { scale: number; duration: number } {
  const v1 = buf[box.start] === 1;
  const min = v1 ? 32 : 20;
  if (box.end - box.start < min) throw new ContainerError('a header box is too short');
  const scale = buf.readUInt32BE(box.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(buf.readBigUInt64BE(box.start + 24)) : buf.readUInt32BE(box.start + 16);
  if (scale === 0) throw new ContainerError('a time scale of 0');
  // All ones means "unknown" (fragmented files): the samples tell.
  return { scale, duration: duration === 0xffffffff || !Number.isSafeInteger(duration) ? 0 : duration };
}

/** Sum of every sample's duration in an stts, in the track's time scale. */
function sttsTotal(buf: Buffer, box: Box): number {
  const count = buf.readUInt32BE(box.start + 4);
  if (box.start + 8 + count * 8 > box.end) throw new ContainerError('the stts box ends early');
  let total = 0;
  for (let i = 0; i < count; i++) {
    const at = box.start + 8 + i * 8;
    total += buf.readUInt32BE(at) * buf.readUInt32BE(at + 4);
  }
  return total;
}

/** Rotation by 90° or 270° in the tkhd's display matrix (a portrait phone video). */
function turned(buf: Buffer, tkhd: Box): boolean {
  const matrix = tkhd.start + (buf[tkhd.start] === 1 ? 52 : 40);
  if (matrix + 36 > tkhd.end) throw new ContainerError('the tkhd box is too short');
  const a = buf.readInt32BE(matrix);
  const b = buf.readInt32BE(matrix + 4);
  return a === 0 && b !== 0;
}

interface Track {
  id: number;
  codec: string;
  width: number;
  height: number;
  scale: number;
  durationMs: number;
}

function videoTrack(buf: Buffer, trak: Box, movieMs: number): Track | null {
  const mdia = need(child(buf, trak, 'mdia'), 'mdia');
  const hdlr = need(child(buf, mdia, 'hdlr'), 'hdlr');
  if (buf.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') return null;
  const tkhd = need(child(buf, trak, 'tkhd'), 'tkhd');
  const id = buf.readUInt32BE(tkhd.start + (buf[tkhd.start] === 1 ? 20 : 12));
  const { scale, duration } = scaleAndDuration(buf, need(child(buf, mdia, 'mdhd'), 'mdhd'));
  const stbl = need(child(buf, need(child(buf, mdia, 'minf'), 'minf'), 'stbl'), 'stbl');
  const stsd = need(child(buf, stbl, 'stsd'), 'stsd');
  const [entry] = boxesIn(buf, stsd.start + 8, stsd.end);
  if (!entry || entry.end - entry.start < 28) throw new ContainerError('no video sample description');
  const codec = CODECS[entry.type];
  if (!codec) throw new ContainerError(`the video codec ${boxName(entry.type)} is not one we take`);
  const coded = { width: buf.readUInt16BE(entry.start + 24), height: buf.readUInt16BE(entry.start + 26) };
  if (!coded.width || !coded.height) throw new ContainerError('a video track without a size');
  const stts = child(buf, stbl, 'stts');
  const samples = stts ? sttsTotal(buf, stts) : 0;
  const ms = (Math.max(duration, samples) / scale) * 1000;
  const upright = turned(buf, tkhd);
  return {
    id,
    codec,
    width: upright ? coded.height : coded.width,
    height: upright ? coded.width : coded.height,
    scale,
    durationMs: Math.max(ms, movieMs),
  };
}

/** The added durations of a fragment's runs for `track` (tfhd default, or each trun sample's). */
function fragmentTicks(buf: Buffer, moof: Box, track: number): number {
  let ticks = 0;
  for (const traf of boxesIn(buf, moof.start, moof.end).filter((b) => b.type === 'traf')) {
    const tfhd = need(child(buf, traf, 'tfhd'), 'tfhd');
    if (buf.readUInt32BE(tfhd.start + 4) !== track) continue;
    const tfFlags = buf.readUInt32BE(tfhd.start) & 0xffffff;
    let at = tfhd.start + 8 + (tfFlags & 0x1 ? 8 : 0) + (tfFlags & 0x2 ? 4 : 0);
    const fallback = tfFlags & 0x8 ? buf.readUInt32BE(at) : 0;
    for (const trun of boxesIn(buf, traf.start, traf.end).filter((b) => b.type === 'trun')) {
      const flags = buf.readUInt32BE(trun.start) & 0xffffff;
      const count = buf.readUInt32BE(trun.start + 4);
      at = trun.start + 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
      const stride = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
      if (at + count * stride > trun.end) throw new ContainerError('the trun box ends early');
      if (!(flags & 0x100)) ticks += count * fallback;
      else for (let i = 0; i < count; i++) ticks += buf.readUInt32BE(at + i * stride);
    }
  }
  return ticks;
}

/** The first video track's facts; a ContainerError when the file is no MP4/MOV we can read. */
export async function readMp4(reader: ContainerReader): Promise<VideoFacts> {
  let moov: Buffer | undefined;
  const moofs: Buffer[] = [];
  let at = 0;
  let boxes = 0;
  while (at + 8 <= reader.size) {
    if (++boxes > MAX_TOP_BOXES) throw new ContainerError('too many boxes');
    const head = await reader.readUpTo(at, 16);
    let size = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let header = 8;
    if (size === 1) {
      if (head.length < 16) throw new ContainerError('a box header ends early');
      size = Number(head.readBigUInt64BE(8));
      header = 16;
    } else if (size === 0) size = reader.size - at;
    if (size < header || at + size > reader.size)
      throw new ContainerError(`the ${boxName(type)} box overruns the file`);
    if (type === 'moov') moov = await reader.read(at, size);
    if (type === 'moof') moofs.push(await reader.read(at, size));
    at += size;
  }
  if (!moov) throw new ContainerError('no moov box');
  const root = boxesIn(moov, 0, moov.length)[0]!;
  const movie = scaleAndDuration(moov, need(child(moov, root, 'mvhd'), 'mvhd'));
  const movieMs = (movie.duration / movie.scale) * 1000;
  const tracks = boxesIn(moov, root.start, root.end)
    .filter((b) => b.type === 'trak')
    .map((trak) => videoTrack(moov, trak, movieMs));
  const video = tracks.find((t) => t !== null);
  if (!video) throw new ContainerError('no video track');
  let fragmentsMs = 0;
  for (const moof of moofs) {
    const box = boxesIn(moof, 0, moof.length)[0]!;
    fragmentsMs += (fragmentTicks(moof, box, video.id) / video.scale) * 1000;
  }
  return {
    codec: video.codec,
    width: video.width,
    height: video.height,
    durationMs: Math.round(Math.max(video.durationMs, fragmentsMs)),
  };
}
