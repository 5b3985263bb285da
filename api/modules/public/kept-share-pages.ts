import type { Db } from '@api/db/database';
import { jsonBytes, type JsonText } from '@api/lib/json-text';
import { lruMapPer } from '@api/lib/lru-map';
import { findInspectionMedia, type MediaView } from '@api/modules/media/media.repository';
import type { TargetKind } from '@api/modules/sends/send.repository';
import type { SharePageRead } from './share-page.repository';

/** Share pages kept per database: more than a shop's customers open in a day. */
export const KEPT_SHARE_PAGES = 4_000;
/**
 * Their answers' bytes and the texts they were written from, in all per database (about 3,000
 * receipts); the least recently opened pages go first past it.
 */
export const KEPT_SHARE_PAGE_BYTES = 12 * 1024 * 1024;

/**
 * A share page's parts derived from its inspection's document (`DocumentDerived`) kept per database
 * beside the answers: a kept answer is sent without them, so a part is asked for again only after
 * one of the page's other values changed (its line items, its media, the shop's contact or
 * signature rule), when all the shop's pages are written again at once.
 */
export const KEPT_SHARE_PAGE_PARTS = 256;

/**
 * What a share page's answer was written from: the values of the rows its statements read, in their
 * order (every column of its one statement, then of each medium). The same statement and the same
 * values always write the same answer.
 */
export type PageInputs = readonly unknown[];

interface KeptPage {
  inputs: PageInputs;
  bytes: Buffer;
}

// One map per database (its transactions' handles share its adapter).
const keptPagesOf = lruMapPer<KeptPage>(KEPT_SHARE_PAGES, {
  weigh: (page) => page.bytes.length + textsBytes(page.inputs),
  most: KEPT_SHARE_PAGE_BYTES,
});

/** The values of these rows, one after another: rows of the same statement have the same columns. */
export function rowValues(rows: readonly object[]): unknown[] {
  const values: unknown[] = [];
  for (const row of rows) for (const key in row) values.push((row as Record<string, unknown>)[key]);
  return values;
}

/** What the values' texts may take, at two bytes a UTF-16 code unit (one for a Latin-1 text). */
function textsBytes(values: PageInputs): number {
  let length = 0;
  for (const value of values) if (typeof value === 'string') length += value.length;
  return 2 * length;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return Object.is(a, b);
}

function sameInputs(a: PageInputs, b: PageInputs): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
  return true;
}

/** The answer's bytes in a buffer of their own (not a slice of the shared pool a request's buffers come from). */
function ownBytes(answer: JsonText): Buffer {
  const text = answer.text;
  const own = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  own.write(text, 'utf8');
  return own;
}

/**
 * A share page's answer, as its bytes, for the page `key` (its kind and token) read from `inputs`:
 * the answer kept for the page when it was written from the same inputs, else what `write` gives
 * (kept when its `keep` says so: it was written from these inputs alone).
 *
 * A page's statement still runs on every view, so nothing kept outlives a change: a change to any
 * row the page shows changes a value its statement reads (its own row, its document's version,
 * which every change to the inspection's rows raises, its line items, the shop's contact and
 * setting, whether the customer approved) or the media read beside it. What a view saves is
 * writing the answer again.
 */
export async function keptSharePage(
  db: Db,
  key: string,
  inputs: PageInputs,
  write: () => Promise<{ answer: JsonText; keep: boolean }>,
): Promise<Buffer> {
  const kept = keptPagesOf(db.getExecutor().adapter);
  const entry = kept.peek(key);
  // A hit becomes the most recently used.
  const hit = entry && sameInputs(entry.inputs, inputs) ? kept.get(key)!.bytes : undefined;
  if (hit) return hit;
  const { answer, keep } = await write();
  const bytes = keep ? ownBytes(answer) : jsonBytes(answer);
  if (keep) kept.set(key, { inputs, bytes });
  else kept.delete(key);
  return bytes;
}

/**
 * A share page's answer from its statement's read (`read`; `kind` and `token` name the page):
 * its media when it has some, then the answer kept for the row's and the media's values, or what
 * `write` writes from the page's data and its media.
 */
export async function sharePageAnswer<P>(
  db: Db,
  kind: TargetKind,
  token: string,
  read: SharePageRead<P>,
  write: (page: P, media: readonly MediaView[]) => Promise<{ answer: JsonText; keep: boolean }>,
): Promise<Buffer> {
  const media = read.hasMedia && read.inspectionId ? await findInspectionMedia(db, read.inspectionId) : [];
  return keptSharePage(db, `${kind}:${token}`, rowValues([read.row, ...media]), () => write(read.page(), media));
}

/** Whether an answer is kept for the page `key` (tests look). */
export function sharePageKept(db: Db, key: string): boolean {
  return keptPagesOf(db.getExecutor().adapter).peek(key) !== undefined;
}
