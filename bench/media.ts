/**
 * The media section of `npm run bench`: on the production server, 20 camera-sized photos uploaded
 * one after another through the tus endpoint (as a tablet's queue sends them), then the share
 * report with those photos under Lighthouse, then the server's memory while 5 phones upload a
 * 100 MB video each at once and while 5 phones stream one (it must stream files, not hold them).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { MEDIA_ITEM_KEYS } from '@shared/constants';
import type { PublicMedia } from '@shared/schemas/media';
import { noisyJpeg, videoOfSize } from '@test/media-samples';
import { tusUpload } from '@test/tus-upload';
import { measurePage, type PageWeight } from './assets';
import { lighthouseMedian, type LighthouseRun } from './lighthouse';
import { printStreams, printReportFigures, printUploads } from './media-report';
import type { Background } from './processes';
import { serverMemory } from './throughput/server';

export const PHOTO_COUNT = 20;
export const PHOTO_BYTES = 3 * 1024 * 1024;
export const VIDEO_BYTES = 100 * 1000 * 1000;
export const STREAM_CLIENTS = 5;

export interface MediaFigures {
  upload: { count: number; bytes: number; totalMs: number; perPhotoMs: number[]; rssBefore: number; rssAfter: number };
  uploads: RssFigures;
  report: { weight: PageWeight; lighthouse: { median: LighthouseRun; runs: LighthouseRun[] } };
  streams: RssFigures;
}

/** Server memory around `clients` transfers of `bytes` each at once. */
export interface RssFigures {
  clients: number;
  bytes: number;
  ms: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
}

export interface MediaTarget {
  baseUrl: string;
  cookie: string;
  inspectionId: string;
  token: string;
  serviceIds: string[];
  proc: Background;
}

async function publicMedia(baseUrl: string, token: string): Promise<PublicMedia[]> {
  const res = await fetch(`${baseUrl}/api/public/inspections/${token}`);
  if (!res.ok) throw new Error(`GET the report answered ${res.status}`);
  return ((await res.json()) as { media: PublicMedia[] }).media;
}

/** Waits until `count` media are listed and their thumbnails answer (resizing may run after the upload). */
async function waitForMedia(baseUrl: string, token: string, count: number): Promise<PublicMedia[]> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const media = await publicMedia(baseUrl, token);
    if (media.length >= count) {
      const ready = await Promise.all(
        media.map(async (m) => {
          const res = await fetch(`${baseUrl}${m.urls.w320}`);
          await res.arrayBuffer();
          return res.ok;
        }),
      );
      if (ready.every(Boolean)) return media;
    }
    await sleep(250);
  }
  throw new Error(`the report did not list ${count} media with thumbnails within 120 s`);
}

/** One photo per item, then the services': where a technician would put them. */
function owner(index: number, serviceIds: string[]): { itemKey?: string; serviceId?: string } {
  if (index < MEDIA_ITEM_KEYS.length) return { itemKey: MEDIA_ITEM_KEYS[index] };
  return { serviceId: serviceIds[(index - MEDIA_ITEM_KEYS.length) % serviceIds.length] };
}

async function uploadPhotos(t: MediaTarget, step: (text: string) => void): Promise<MediaFigures['upload']> {
  step(`making ${PHOTO_COUNT} JPEGs of about 3 MB`);
  const photos = [];
  for (let i = 0; i < PHOTO_COUNT; i++) photos.push(await noisyJpeg(PHOTO_BYTES, i + 1));
  step(`uploading ${PHOTO_COUNT} photos through tus, one at a time`);
  const rssBefore = serverMemory(t.proc).rss;
  const perPhotoMs: number[] = [];
  const started = performance.now();
  for (const [i, bytes] of photos.entries()) {
    const t0 = performance.now();
    await tusUpload({
      baseUrl: t.baseUrl,
      cookie: t.cookie,
      bytes,
      metadata: {
        mediaId: crypto.randomUUID(),
        role: 'original',
        filetype: 'image/jpeg',
        inspectionId: t.inspectionId,
        kind: 'photo',
        position: i,
        capturedAt: new Date().toISOString(),
        caption: `Photo ${i + 1}`,
        ...owner(i, t.serviceIds),
      },
    });
    perPhotoMs.push(performance.now() - t0);
  }
  const totalMs = performance.now() - started;
  await waitForMedia(t.baseUrl, t.token, PHOTO_COUNT);
  const rssAfter = serverMemory(t.proc).rss;
  return {
    count: PHOTO_COUNT,
    bytes: photos.reduce((sum, p) => sum + p.length, 0),
    totalMs,
    perPhotoMs,
    rssBefore,
    rssAfter,
  };
}

/** Samples the server's RSS every 50 ms while `work` runs. */
async function withRss<T>(
  t: MediaTarget,
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; rssBefore: number; rssPeak: number; rssAfter: number }> {
  const rssBefore = serverMemory(t.proc).rss;
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, serverMemory(t.proc).rss);
      await sleep(50);
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, rssBefore, rssPeak, rssAfter: serverMemory(t.proc).rss };
  } finally {
    sampling = false;
    await sampler;
  }
}

const videoMetadata = (t: MediaTarget, file: Buffer, position: number) => ({
  mediaId: crypto.randomUUID(),
  role: 'original',
  filetype: 'video/mp4',
  inspectionId: t.inspectionId,
  kind: 'video',
  itemKey: 'leaks',
  position,
  capturedAt: new Date().toISOString(),
  durationMs: Math.round((file.length / VIDEO_BYTES) * 4500),
});

/**
 * 5 phones upload a 100 MB video each at once through tus (each its own medium; the same bytes,
 * so the server's work per upload is the same: staging, hashing, the stripped copy).
 */
async function uploadVideos(t: MediaTarget, file: Buffer, step: (text: string) => void): Promise<RssFigures> {
  await sleep(1000);
  step(`${STREAM_CLIENTS} clients uploading a 100 MB video each at once`);
  const { ms, rssBefore, rssPeak, rssAfter } = await withRss(t, () =>
    Promise.all(
      Array.from({ length: STREAM_CLIENTS }, (_, i) =>
        tusUpload({ baseUrl: t.baseUrl, cookie: t.cookie, bytes: file, metadata: videoMetadata(t, file, 2 + i) }),
      ),
    ),
  );
  return { clients: STREAM_CLIENTS, bytes: file.length, ms, rssBefore, rssPeak, rssAfter };
}

/** Reads a response to its end without keeping it, as a phone's player would. */
async function drain(url: string): Promise<number> {
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`GET ${url} answered ${res.status}`);
  const reader = res.body.getReader();
  let bytes = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
  return bytes;
}

async function streamVideos(t: MediaTarget, file: Buffer, step: (text: string) => void): Promise<RssFigures> {
  step('uploading a 100 MB video');
  await tusUpload({ baseUrl: t.baseUrl, cookie: t.cookie, bytes: file, metadata: videoMetadata(t, file, 1) });
  const media = await waitForMedia(t.baseUrl, t.token, PHOTO_COUNT + 1);
  const video = media.find((m) => m.kind === 'video');
  const path = video?.urls.video ?? video?.urls.original;
  if (!path) throw new Error('the report lists no video');
  await sleep(1000);
  step(`${STREAM_CLIENTS} clients streaming the video at once`);
  const {
    result: sizes,
    ms,
    rssBefore,
    rssPeak,
    rssAfter,
  } = await withRss(t, () => Promise.all(Array.from({ length: STREAM_CLIENTS }, () => drain(`${t.baseUrl}${path}`))));
  // The server keeps what it stored (metadata stripped), so each client must get that whole file.
  if (sizes.some((size) => size !== sizes[0] || size < file.length * 0.95))
    throw new Error(`a stream ended early: ${sizes.join(', ')} bytes`);
  return { clients: STREAM_CLIENTS, bytes: sizes[0]!, ms, rssBefore, rssPeak, rssAfter };
}

/** Prints each part's figures as soon as it has them. */
export async function benchMedia(t: MediaTarget, step: (text: string) => void): Promise<MediaFigures> {
  const upload = await uploadPhotos(t, step);
  printUploads(upload);
  step('measuring the report with 20 photos');
  const weight = await measurePage(t.baseUrl, `/mpi/${t.token}`);
  step('running Lighthouse 3 times on the report with 20 photos');
  const lighthouse = await lighthouseMedian(`${t.baseUrl}/mpi/${t.token}`, 3);
  printReportFigures(upload.count, { weight, lighthouse });
  step('making a 100 MB video');
  const file = videoOfSize(VIDEO_BYTES);
  const streams = await streamVideos(t, file, step);
  printStreams(streams, 'stream');
  const uploads = await uploadVideos(t, file, step);
  printStreams(uploads, 'upload');
  return { upload, uploads, report: { weight, lighthouse }, streams };
}
