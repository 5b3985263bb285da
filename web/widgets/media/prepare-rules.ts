import { PHOTO_MAX_BYTES, VIDEO_MAX_BYTES, VIDEO_MAX_SECONDS } from '@shared/constants';

// The rules of preparing a photo or video on the device, kept apart from the browser APIs so they
// can be tested in Node.

/** The size that fits `width`×`height` within `maxEdge` on its long edge, never enlarged. */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= maxEdge || long === 0) return { width, height };
  const scale = maxEdge / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Megabytes as people read them ('100 MB', '12.5 MB'). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** Seconds as a refusal says them ('45 s', '30.5 s'). */
function formatSeconds(seconds: number): string {
  const rounded = Math.round(seconds * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} s`;
}

/** Why a video cannot be attached, or null when it can (caps from the shared constants). */
export function videoRefusal(bytes: number, seconds: number | null): string | null {
  if (bytes > VIDEO_MAX_BYTES)
    return `This video is ${formatMegabytes(bytes)}; the limit is ${formatMegabytes(VIDEO_MAX_BYTES)}.`;
  if (seconds === null || !Number.isFinite(seconds)) return 'This video could not be read: its length is unknown.';
  // A recorder stopped at the limit writes a few milliseconds more; that still counts as 30 s.
  if (seconds > VIDEO_MAX_SECONDS + 0.5)
    return `This video is ${formatSeconds(seconds)} long; the limit is ${VIDEO_MAX_SECONDS} s.`;
  return null;
}

/** Why a photo cannot be attached before preparing it, or null. */
export function photoRefusal(bytes: number, type: string): string | null {
  if (type && !type.startsWith('image/')) return 'This file is not a photo or a video.';
  // The original is read whole into memory to decode it; a bigger file is not a phone photo.
  if (bytes > PHOTO_MAX_BYTES * 4)
    return `This photo is ${formatMegabytes(bytes)}; the limit is ${formatMegabytes(PHOTO_MAX_BYTES * 4)}.`;
  return null;
}

/** What a chosen file is: a photo, a video, or neither (by its type, then its name). */
export function kindOfFile(file: { type: string; name: string }): 'photo' | 'video' | null {
  if (file.type.startsWith('image/')) return 'photo';
  if (file.type.startsWith('video/')) return 'video';
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif', 'avif'].includes(ext)) return 'photo';
  if (['mp4', 'mov', 'webm', 'm4v'].includes(ext)) return 'video';
  return null;
}
