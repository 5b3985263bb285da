import { THUMB_EDGE, VIDEO_MAX_BYTES } from '@shared/constants';
import { scaledJpeg } from './prepare-image';
import { videoRefusal } from './prepare-rules';

/** A video ready to store: the file as recorded, its size and length, and a poster thumbnail. */
export interface PreparedVideo {
  file: Blob;
  thumb: Blob;
  contentType: string;
  width: number | null;
  height: number | null;
  durationMs: number;
}

/** A refusal a person should read (too long, too big, unreadable), as opposed to a bug. */
export class MediaRefusal extends Error {}

function once(target: HTMLVideoElement, event: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new MediaRefusal('This video could not be read: it took too long to open.')),
      timeoutMs,
    );
    target.addEventListener(event, () => (clearTimeout(timer), resolve()), { once: true });
    target.addEventListener(
      'error',
      () => (clearTimeout(timer), reject(new MediaRefusal('This video could not be read. Try recording it again.'))),
      { once: true },
    );
  });
}

/** A plain grey poster for a video whose frames this browser cannot draw (it still plays elsewhere). */
async function blankPoster(): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = THUMB_EDGE;
  canvas.height = Math.round((THUMB_EDGE * 9) / 16);
  return (await scaledJpeg(canvas, canvas.width, canvas.height, THUMB_EDGE)).blob;
}

/**
 * The video's length in seconds, or null. A WebM written by a browser's recorder has no length in
 * its header (Infinity): seeking far past the end makes the browser find it.
 */
async function durationOf(video: HTMLVideoElement): Promise<number | null> {
  if (Number.isFinite(video.duration)) return video.duration;
  try {
    const found = new Promise<void>((resolve) =>
      video.addEventListener(
        'durationchange',
        function check() {
          if (Number.isFinite(video.duration)) resolve();
          else video.addEventListener('durationchange', check, { once: true });
        },
        { once: true },
      ),
    );
    video.currentTime = Number.MAX_SAFE_INTEGER;
    await Promise.race([found, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  } catch {
    // Not seekable: the length stays unknown.
  }
  return Number.isFinite(video.duration) ? video.duration : null;
}

/**
 * Checks a video against the size and length caps (length from the `<video>`'s metadata) and
 * draws a poster thumbnail from a frame near its start. Throws a MediaRefusal saying why not.
 */
export async function prepareVideo(file: File): Promise<PreparedVideo> {
  // Too big is known without opening it.
  if (file.size > VIDEO_MAX_BYTES) throw new MediaRefusal(videoRefusal(file.size, 0) ?? '');
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    video.src = url;
    await once(video, 'loadedmetadata', 15_000);
    const seconds = await durationOf(video);
    const refusal = videoRefusal(file.size, seconds);
    if (refusal) throw new MediaRefusal(refusal);
    const width = video.videoWidth || null;
    const height = video.videoHeight || null;
    let thumb: Blob;
    try {
      // A frame a little in: the very first is often black.
      video.currentTime = Math.min(0.5, (seconds ?? 0) / 2);
      await once(video, 'seeked', 10_000);
      thumb = width && height ? (await scaledJpeg(video, width, height, THUMB_EDGE)).blob : await blankPoster();
    } catch {
      thumb = await blankPoster();
    }
    return {
      file,
      thumb,
      contentType: file.type || 'video/mp4',
      width,
      height,
      durationMs: Math.round((seconds ?? 0) * 1000),
    };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
