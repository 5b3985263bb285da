import type { ContainerReader } from './container-reader';
import { ContainerError, type VideoFacts } from './container-reader';

// WebM (Matroska) elements: the codec and size of the first video track from Tracks, the length
// from Info's Duration and from the time of the last block of that track, whichever is longer
// (a recording from MediaRecorder states no Duration). Tags and other metadata are skipped whole.

const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  codecId: 0x86,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
  clusterTimecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;

/** Elements whose children are read; every other element is skipped by its size. */
const MASTERS = new Set<number>([ID.segment, ID.info, ID.tracks, ID.trackEntry, ID.video, ID.cluster, ID.blockGroup]);
/** The only elements whose size may be unknown (a live recording's). */
const OPEN_ENDED = new Set<number>([ID.segment, ID.cluster]);

const CODECS: Record<string, string> = {
  V_VP8: 'vp8',
  V_VP9: 'vp9',
  V_AV1: 'av1',
  'V_MPEG4/ISO/AVC': 'h264',
  V_MPEGH_ISO_HEVC: 'hevc',
};

/** At most this many elements are looked at (a 30 s video has a few thousand). */
const MAX_ELEMENTS = 500_000;

/** A variable-length integer at `at`: its value (marker bit cleared unless `keepMarker`) and length. */
function vint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = buf[at];
  if (first === undefined || first === 0) throw new ContainerError('a malformed element header');
  const length = Math.clz32(first) - 23;
  if (at + length > buf.length) throw new ContainerError('an element header ends early');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[at + i]!;
    allOnes &&= buf[at + i] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const uint = (buf: Buffer) => buf.reduce((n, byte) => n * 256 + byte, 0);

interface Track {
  number: number;
  type: number;
  codecId: string;
  width: number;
  height: number;
}

/** The first video track's facts; a ContainerError when the file is no WebM we can read. */
export async function readWebm(reader: ContainerReader): Promise<VideoFacts> {
  let scale = 1_000_000;
  let statedDuration = 0;
  const tracks: Track[] = [];
  const lastBlock = new Map<number, { last: number; step: number }>();
  let clusterTime = 0;
  let at = 0;
  let elements = 0;
  while (at < reader.size) {
    if (++elements > MAX_ELEMENTS) throw new ContainerError('too many elements');
    const head = await reader.readUpTo(at, 12);
    const id = vint(head, 0, true);
    const size = vint(head, id.length, false);
    const start = at + id.length + size.length;
    if (size.unknown && !OPEN_ENDED.has(id.value)) throw new ContainerError('an element of unknown size');
    const end = size.unknown ? reader.size : start + size.value;
    if (end > reader.size) throw new ContainerError('the file ends early');
    if (id.value === ID.ebml && at !== 0) throw new ContainerError('a second EBML header');
    if (MASTERS.has(id.value)) {
      if (id.value === ID.trackEntry) tracks.push({ number: 0, type: 0, codecId: '', width: 0, height: 0 });
      at = start;
      continue;
    }
    const track = tracks.at(-1);
    switch (id.value) {
      case ID.timecodeScale:
        scale = uint(await reader.read(start, Math.min(size.value, 8)));
        break;
      case ID.duration: {
        const value = await reader.read(start, size.value);
        statedDuration = size.value === 4 ? value.readFloatBE(0) : size.value === 8 ? value.readDoubleBE(0) : 0;
        break;
      }
      case ID.trackNumber:
      case ID.trackType:
      case ID.pixelWidth:
      case ID.pixelHeight: {
        if (!track) throw new ContainerError('a track field outside a track');
        const value = uint(await reader.read(start, Math.min(size.value, 8)));
        if (id.value === ID.trackNumber) track.number = value;
        else if (id.value === ID.trackType) track.type = value;
        else if (id.value === ID.pixelWidth) track.width = value;
        else track.height = value;
        break;
      }
      case ID.codecId:
        if (!track) throw new ContainerError('a codec outside a track');
        track.codecId = (await reader.read(start, Math.min(size.value, 64))).toString('latin1');
        break;
      case ID.clusterTimecode:
        clusterTime = uint(await reader.read(start, Math.min(size.value, 8)));
        break;
      case ID.simpleBlock:
      case ID.block: {
        const block = await reader.read(start, Math.min(size.value, 11));
        const number = vint(block, 0, false);
        if (number.length + 2 > block.length) throw new ContainerError('a block ends early');
        const time = clusterTime + block.readInt16BE(number.length);
        const seen = lastBlock.get(number.value);
        // The last two blocks' times: the last frame lasts as long as the one before it.
        if (!seen) lastBlock.set(number.value, { last: time, step: 0 });
        else if (time > seen.last) lastBlock.set(number.value, { last: time, step: time - seen.last });
        break;
      }
    }
    at = end;
  }
  const video = tracks.find((t) => t.type === 1);
  if (!video) throw new ContainerError('no video track');
  const codec = CODECS[video.codecId];
  if (!codec)
    throw new ContainerError(
      `the video codec ${/^[\w/]{1,40}$/.test(video.codecId) ? video.codecId : 'unnamed'} is not one we take`,
    );
  if (!video.width || !video.height) throw new ContainerError('a video track without a size');
  const toMs = (ticks: number) => (ticks * scale) / 1_000_000;
  const blocks = lastBlock.get(video.number);
  const stated = Number.isFinite(statedDuration) ? statedDuration : 0;
  const durationMs = Math.max(toMs(stated), blocks ? toMs(blocks.last + blocks.step) : 0);
  return { codec, width: video.width, height: video.height, durationMs: Math.round(durationMs) };
}
