import { SYNC_INSPECTION_WINDOW_DAYS } from '@shared/schemas/sync';
import type { Db } from '@api/db/database';
import { readsChecked } from '@api/db/checked-reads';
import { textsOf } from '@api/modules/inspections/inspection-documents';
import type { Lent } from '@api/lib/lent-buffers';
import {
  dropSegment,
  keepSegment,
  pageBuffers,
  keptSegment,
  readSegmentBytes,
  segmentAskedBefore,
  type KeptSegment,
  type SegmentIndex,
  type SegmentItems,
} from './kept-pages';
import {
  pageCustomers,
  pageInspectionsInWindow,
  pageVehicles,
  rangeCustomers,
  rangeVehicles,
  readRowCount,
  type PageRange,
} from './sync.repository';

/**
 * Segments of the change feed: each customer's, vehicle's and kept inspection's answer as the page
 * sends it, kept in files by fixed ranges of `seq`, so that a page never read before is put together
 * from bytes already written rather than read from the tables and written as JSON again.
 *
 * Segment `k` holds the feed's rows with `seq` from `k * size` up to before `(k + 1) * size`. Every
 * write that changes what an item shows records its feed row again with a new `seq` past the end of
 * the feed (the rule the kept pages rely on, api/modules/sync/kept-pages.ts), so a row only ever
 * leaves a segment's range, and a range that was wholly at or before the feed's last `seq` when it
 * was read gets no new row: a segment is kept only then ("closed"). Its rows are then the same while
 * their number is: a segment is good while the feed still holds as many rows in its range as it
 * did when the segment was read. That number is read before the segment's rows (a row that leaves
 * in between leaves it larger than what the feed holds next time, and the segment is read again). The one
 * thing that changes without the feed is time: each inspection holds the time it drops out of the
 * offline window, and a page leaves out those past it; a segment answers no page asked for at a
 * time before it was read.
 *
 * A page's part past the last closed segment (the feed's newest changes) is read from the tables
 * as before. A page whose range holds no closed segment is read as before, whole.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_MS = SYNC_INSPECTION_WINDOW_DAYS * DAY_MS;

/** The sequence numbers a segment spans: about half a page of 500 changes. */
export const SEGMENT_SEQS = 256;
/** The tests' apps (`checkReads`) use small segments, so that every test's pages span several. */
const CHECKED_SEGMENT_SEQS = 4;

const segmentSeqs = (db: Db): number => (readsChecked(db) ? CHECKED_SEGMENT_SEQS : SEGMENT_SEQS);

/** A kept inspection of a range: its place in the feed, its answer, and when it drops out of the window. */
export interface InspectionItem {
  seq: number;
  text: string;
  /** ms; +Infinity when it is in progress; NaN when its time is not written the way the window compares it. */
  until: number;
}

/** Whether the time is written as `Date#toISOString` writes it: compared as text, it compares as a time. */
const isIsoTime = (time: string): boolean => {
  const ms = Date.parse(time);
  return Number.isFinite(ms) && new Date(ms).toISOString() === time;
};

const untilOf = (changedAt: string | null): number =>
  changedAt === null ? Infinity : isIsoTime(changedAt) ? Date.parse(changedAt) + WINDOW_MS : NaN;

/**
 * The range's inspections the offline app keeps (in progress, or changed within the window), in
 * feed order: the stored documents as they are, the others built.
 */
export async function inspectionItems(db: Db, range: PageRange, now: Date): Promise<InspectionItem[]> {
  const cutoff = new Date(now.getTime() - WINDOW_MS).toISOString();
  const { ids, seqs, documents, changedAt } = await pageInspectionsInWindow(db, range, cutoff);
  const texts = await textsOf(db, documents, ids);
  return ids.flatMap((id, i) => {
    const text = texts.get(id);
    return text === undefined ? [] : [{ seq: seqs[i]!, text, until: untilOf(changedAt[i]!) }];
  });
}

/** Bytes `start` to `end` of a segment: kept in its file, or just read (its bytes in memory). */
export interface Slice {
  from: KeptSegment | Buffer;
  start: number;
  end: number;
}

/** One kind's items of a page: runs of items joined by commas, as text or as a segment's bytes. */
export type Run = string | Slice;

/**
 * A page's customers, vehicles and kept inspections as runs, and until when they stay the same (ms).
 * `lent`: the buffers the ranges read from the tables were written into, given back once the page is
 * written (`pageBytes`).
 */
export interface SegmentedRows {
  customers: Run[];
  vehicles: Run[];
  inspections: Run[];
  until: number;
  lent: Lent[];
}

const segmentKey = (epoch: string, size: number, segment: number) => `${epoch}:${size}:${segment}`;

/** A segment's items and where their bytes are: kept in a file, or just read (in memory). */
interface Segment {
  index: SegmentIndex;
  from: KeptSegment | Buffer;
}

interface PageSegment {
  key: string;
  /** Its range of the feed: seqs from `from` up to before `to`. */
  from: number;
  to: number;
  kept: KeptSegment | undefined;
  /** Read whole and kept, with the feed's rows its range holds, counted before it is read. */
  keep?: number;
}

/**
 * The page's rows from the feed's segments where they are kept, else from the tables; undefined
 * when it is read from the tables as before: its range holds no closed segment, or none is kept and
 * none to keep. A segment the page holds all of is read whole and kept the second time a page does
 * (the first, it is only remembered: pages read once, by one device, cost no file); the page's part
 * of one it holds in part is read with the rest. Segments that follow each other and are not kept
 * are read together, in one read of the tables. `feedSeq`: the feed's last `seq`, read before this.
 */
export async function segmentedRows(
  db: Db,
  range: PageRange,
  epoch: string,
  feedSeq: number,
  now: Date,
): Promise<SegmentedRows | undefined> {
  const size = segmentSeqs(db);
  const first = Math.floor((range.since + 1) / size);
  const lastClosed = Math.min(Math.floor(range.last / size), Math.floor((feedSeq + 1) / size) - 1);
  if (lastClosed < first) return undefined;
  const nowMs = now.getTime();
  const segments: PageSegment[] = Array.from({ length: lastClosed - first + 1 }, (_, i) => {
    const k = first + i;
    const key = segmentKey(epoch, size, k);
    const kept = keptSegment(db, key);
    return { key, from: k * size, to: (k + 1) * size, kept: kept && kept.readAt <= nowMs ? kept : undefined };
  });
  // All kept, and together as many rows as when read: each is (none gained a row, so none lost one).
  const keptRows = segments.reduce((sum, segment) => sum + (segment.kept?.rows ?? NaN), 0);
  if (Number.isNaN(keptRows) || keptRows !== (await readRowCount(db, segments[0]!.from, segments.at(-1)!.to))) {
    for (const segment of segments) {
      const whole = range.since < segment.from && segment.to - 1 <= range.last;
      if (!segment.kept && !(whole && segmentAskedBefore(db, segment.key))) continue;
      // Counted before the rows are read: a row that leaves in between leaves the count larger than what was read.
      const rows = await readRowCount(db, segment.from, segment.to);
      if (segment.kept?.rows === rows) continue;
      if (segment.kept) dropSegment(db, segment.key);
      segment.kept = undefined;
      if (whole) segment.keep = rows;
    }
    if (!segments.some((segment) => segment.kept || segment.keep !== undefined)) return undefined;
  }
  // The page in parts: kept segments, and the ranges between them read from the tables.
  const parts: (Segment | { read: PageRange; keep: PageSegment[] })[] = [];
  for (const segment of segments) {
    if (segment.kept) {
      parts.push({ index: segment.kept, from: segment.kept });
      continue;
    }
    const read: PageRange = {
      since: segment.keep === undefined ? Math.max(range.since, segment.from - 1) : segment.from - 1,
      last: segment.keep === undefined ? Math.min(range.last, segment.to - 1) : segment.to - 1,
    };
    const before = parts.at(-1);
    if (before && 'read' in before) before.read.last = read.last;
    else parts.push({ read, keep: [] });
    if (segment.keep !== undefined) (parts.at(-1) as { keep: PageSegment[] }).keep.push(segment);
  }
  // The newest changes, past the last closed segment.
  if (segments.at(-1)!.to - 1 < range.last) {
    const before = parts.at(-1)!;
    if ('read' in before) before.read.last = range.last;
    else parts.push({ read: { since: segments.at(-1)!.to - 1, last: range.last }, keep: [] });
  }
  const read = await Promise.all(parts.map((part) => ('read' in part ? readRange(db, part.read, now) : undefined)));
  const rows: SegmentedRows = { customers: [], vehicles: [], inspections: [], until: Infinity, lent: [] };
  for (const lent of read) if (lent) rows.lent.push(lent.lent);
  for (const [i, part] of parts.entries()) {
    const segment = 'read' in part ? read[i] : part;
    if (!segment) {
      // Not what this module expects of the answers (see `writeItems`): the page's part from the tables.
      const clipped = part as { read: PageRange };
      await addFresh(
        db,
        { since: Math.max(range.since, clipped.read.since), last: Math.min(range.last, clipped.read.last) },
        now,
        rows,
      );
      continue;
    }
    if ('read' in part) for (const whole of part.keep) keepPart(db, segment.index, segment.from as Buffer, whole, now);
    runsOf(segment.index.customers, segment.from, range, rows.customers);
    runsOf(segment.index.vehicles, segment.from, range, rows.vehicles);
    rows.until = Math.min(rows.until, inspectionRunsOf(segment, range, nowMs, rows.inspections));
  }
  return rows;
}

/**
 * A range's customers and vehicles as JSON array texts and its kept inspections' texts, read from
 * the tables as a page reads them, and the time the first of those inspections drops out of the window.
 */
export async function tableRows(
  db: Db,
  range: PageRange,
  now: Date,
): Promise<{ customers: string; vehicles: string; inspections: string[]; until: number }> {
  const [customers, vehicles, inspections] = await Promise.all([
    pageCustomers(db, range),
    pageVehicles(db, range),
    inspectionItems(db, range, now),
  ]);
  let until = Infinity;
  for (const item of inspections) until = Math.min(until, item.until);
  return { customers, vehicles, inspections: inspections.map((item) => item.text), until };
}

/** A range's rows read from the tables (`tableRows`), added as runs of text. */
async function addFresh(db: Db, range: PageRange, now: Date, rows: SegmentedRows): Promise<void> {
  const read = await tableRows(db, range, now);
  // The arrays' texts without their brackets; an empty one adds nothing.
  if (read.customers.length > 2) rows.customers.push(read.customers.slice(1, -1));
  if (read.vehicles.length > 2) rows.vehicles.push(read.vehicles.slice(1, -1));
  if (read.inspections.length > 0) rows.inspections.push(read.inspections.join(','));
  rows.until = Math.min(rows.until, read.until);
}

/** The first item whose `seq` is after `seq`. */
function firstAfter(seqs: Float64Array, seq: number): number {
  let low = 0;
  let high = seqs.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (seqs[mid]! <= seq) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Adds the items of the page's range as one run (without the comma after the last). */
function runsOf(items: SegmentItems, from: KeptSegment | Buffer, range: PageRange, runs: Run[]): void {
  const start = firstAfter(items.seqs, range.since);
  const end = firstAfter(items.seqs, range.last);
  if (end > start) runs.push({ from, start: items.starts[start]!, end: items.starts[end]! - 1 });
}

/**
 * Adds the kept inspections of the page's range that are still in the window at `now`, in runs
 * (one past its time ends a run); returns the time the first of those drops out.
 */
function inspectionRunsOf(
  segment: { index: SegmentIndex; from: KeptSegment | Buffer },
  range: PageRange,
  now: number,
  runs: Run[],
): number {
  const items = segment.index.inspections;
  const end = firstAfter(items.seqs, range.last);
  let until = Infinity;
  let run = -1;
  for (let i = firstAfter(items.seqs, range.since); i <= end; i++) {
    const inWindow = i < end && now <= items.until[i]!;
    if (inWindow) {
      until = Math.min(until, items.until[i]!);
      if (run < 0) run = i;
    } else if (run >= 0) {
      runs.push({ from: segment.from, start: items.starts[run]!, end: items.starts[i]! - 1 });
      run = -1;
    }
  }
  return until;
}

// Where each customer's and vehicle's answer starts in an array of them: each is an object with no
// object of its own whose first field is `id`, and inside a string a quote is escaped, so this text
// is found only between two items.
const ITEM_START = Buffer.from(',{"id":');

/**
 * Writes the items of a JSON array text (without its brackets, a comma after the last) into `into`
 * at `at`; returns where each starts, and where the next would (after the comma). Undefined when the
 * array does not hold `count` items.
 */
function writeItems(into: Buffer, at: number, arrayText: string, count: number): Uint32Array | undefined {
  const starts = new Uint32Array(count + 1);
  if (count === 0) return arrayText === '[]' ? starts.fill(at) : undefined;
  const end = at + into.write(arrayText.slice(1, -1), at, 'utf8');
  into[end] = 0x2c;
  starts[0] = at;
  let found = 1;
  // Searched in what was just written alone (past it, the buffer holds what it held before).
  const written = into.subarray(0, end);
  for (let i = written.indexOf(ITEM_START, at); i !== -1; i = written.indexOf(ITEM_START, i + 1)) {
    if (found === count) return undefined;
    starts[found++] = i + 1;
  }
  starts[count] = end + 1;
  return found === count ? starts : undefined;
}

const seqsOf = (text: string): Float64Array =>
  text === '' ? new Float64Array(0) : Float64Array.from(text.split(','), Number);

/**
 * Reads a range of the feed from the tables: its customers, vehicles and kept inspections, each item
 * with a comma after it, in one buffer, with where each starts. Undefined when its answers are not
 * as `writeItems` expects.
 */
async function readRange(
  db: Db,
  range: PageRange,
  now: Date,
): Promise<{ index: SegmentIndex; from: Buffer; lent: Lent } | undefined> {
  const [customers, vehicles, inspections] = await Promise.all([
    rangeCustomers(db, range),
    rangeVehicles(db, range),
    inspectionItems(db, range, now),
  ]);
  const customerSeqs = seqsOf(customers.seqs);
  const vehicleSeqs = seqsOf(vehicles.seqs);
  let size = Buffer.byteLength(customers.items) - 1 + Buffer.byteLength(vehicles.items) - 1;
  for (const item of inspections) size += Buffer.byteLength(item.text) + 1;
  // Lent: a new buffer of ~150 KB is memory the system must map and clear first. Every byte that is
  // read is written below (an empty array leaves one spare at the end).
  const lent = pageBuffers.lend(size);
  const bytes = lent.bytes;
  const customerStarts = writeItems(bytes, 0, customers.items, customerSeqs.length);
  const vehicleStarts = customerStarts && writeItems(bytes, customerStarts.at(-1)!, vehicles.items, vehicleSeqs.length);
  if (!vehicleStarts) {
    lent.giveBack();
    return undefined;
  }
  const inspectionStarts = new Uint32Array(inspections.length + 1);
  let at = vehicleStarts.at(-1)!;
  for (const [i, item] of inspections.entries()) {
    inspectionStarts[i] = at;
    at += bytes.write(item.text, at, 'utf8');
    bytes[at++] = 0x2c;
  }
  inspectionStarts[inspections.length] = at;
  const index: SegmentIndex = {
    rows: NaN,
    readAt: now.getTime(),
    customers: { seqs: customerSeqs, starts: customerStarts },
    vehicles: { seqs: vehicleSeqs, starts: vehicleStarts },
    inspections: {
      seqs: Float64Array.from(inspections, (item) => item.seq),
      starts: inspectionStarts,
      until: Float64Array.from(inspections, (item) => item.until),
    },
  };
  return { index, from: bytes.subarray(0, at), lent };
}

/** The items of a range read whose seqs are from `from` up to before `to`: their first and end, and their seqs. */
function itemsIn(items: SegmentItems, from: number, to: number) {
  const first = firstAfter(items.seqs, from - 1);
  const end = firstAfter(items.seqs, to - 1);
  return { first, end, start: items.starts[first]!, bytes: items.starts[end]! - items.starts[first]! };
}

/**
 * Keeps a whole segment out of a range just read that holds it: its items' bytes copied into a
 * buffer of its own. Not kept when one of its inspections' times cannot be compared (it is read
 * again each time).
 */
function keepPart(db: Db, read: SegmentIndex, bytes: Buffer, segment: PageSegment, now: Date): void {
  const kinds = [read.customers, read.vehicles, read.inspections];
  const spans = kinds.map((items) => itemsIn(items, segment.from, segment.to));
  const until = read.inspections.until.subarray(spans[2]!.first, spans[2]!.end);
  if (until.some(Number.isNaN)) return;
  const lent = pageBuffers.lend(spans.reduce((sum, span) => sum + span.bytes, 0));
  const kept = lent.bytes;
  let at = 0;
  const items = kinds.map((kind, i) => {
    const span = spans[i]!;
    bytes.copy(kept, at, span.start, span.start + span.bytes);
    const starts = kind.starts.slice(span.first, span.end + 1).map((start) => start - span.start + at);
    at += span.bytes;
    return { seqs: kind.seqs.slice(span.first, span.end), starts };
  });
  keepSegment(
    db,
    segment.key,
    {
      rows: segment.keep!,
      readAt: now.getTime(),
      customers: items[0]!,
      vehicles: items[1]!,
      inspections: { ...items[2]!, until: until.slice() },
    },
    kept,
    lent.giveBack,
  );
}

/** The runs' length in bytes, their commas between them included. */
function runsLength(runs: readonly Run[]): number {
  let length = Math.max(0, runs.length - 1);
  for (const run of runs) length += typeof run === 'string' ? Buffer.byteLength(run) : run.end - run.start;
  return length;
}

/**
 * Writes the runs into `into` at `at`, joined by commas; returns where they end, or the kept segment
 * whose file could not be read.
 */
function writeRuns(runs: readonly Run[], into: Buffer, at: number): number | KeptSegment {
  for (const [i, run] of runs.entries()) {
    if (i > 0) into[at++] = 0x2c;
    if (typeof run === 'string') at += into.write(run, at, 'utf8');
    else if (Buffer.isBuffer(run.from)) at += run.from.copy(into, at, run.start, run.end);
    else if (readSegmentBytes(run.from, into, at, run.start, run.end)) at += run.end - run.start;
    else return run.from;
  }
  return at;
}

/**
 * The page's bytes, lent: `head` (its text up to `"customers":`), each kind's array, then `tail`
 * (from the comma after the inspections). When a kept segment's file could not be read, that segment
 * is forgotten and undefined returned (the page is read from the tables). The rows' lent buffers are
 * given back either way.
 */
export function pageBytes(db: Db, head: string, rows: SegmentedRows, tail: string): Lent | undefined {
  try {
    return writePage(db, head, rows, tail);
  } finally {
    for (const lent of rows.lent) lent.giveBack();
  }
}

function writePage(db: Db, head: string, rows: SegmentedRows, tail: string): Lent | undefined {
  const arrays = [rows.customers, rows.vehicles, rows.inspections];
  const keys = [head, ',"vehicles":', ',"inspections":'];
  let size = Buffer.byteLength(tail);
  for (const [i, runs] of arrays.entries()) size += Buffer.byteLength(keys[i]!) + 2 + runsLength(runs);
  const page = pageBuffers.lend(size);
  const bytes = page.bytes;
  let at = 0;
  for (const [i, runs] of arrays.entries()) {
    at += bytes.write(keys[i]!, at, 'utf8');
    bytes[at++] = 0x5b;
    const end = writeRuns(runs, bytes, at);
    if (typeof end !== 'number') {
      page.giveBack();
      dropSegment(db, end.key);
      return undefined;
    }
    at = end;
    bytes[at++] = 0x5d;
  }
  at += bytes.write(tail, at, 'utf8');
  if (at !== size) {
    page.giveBack();
    throw new Error(`sync page written to ${at} bytes, ${size} counted`);
  }
  return page;
}
