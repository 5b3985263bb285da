import { PHOTO_MAX_EDGE, THUMB_EDGE } from '@shared/constants';
import { fitWithin } from './prepare-rules';

/** A photo ready to store: re-encoded (no EXIF, no GPS), upright, scaled, with its thumbnail. */
export interface PreparedImage {
  file: Blob;
  thumb: Blob;
  contentType: string;
  width: number;
  height: number;
}

export const PHOTO_TYPE = 'image/jpeg';
export const PHOTO_QUALITY = 0.8;

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;

/** A canvas of the given size: offscreen where the browser has one (always in a worker). */
function canvasOf(width: number, height: number): AnyCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** Encodes a canvas as JPEG; either kind of canvas. */
export function encode(canvas: AnyCanvas, quality = PHOTO_QUALITY): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: PHOTO_TYPE, quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))),
      PHOTO_TYPE,
      quality,
    ),
  );
}

/** Draws `source` scaled into a new canvas of at most `maxEdge` and encodes it. */
export async function scaledJpeg(
  source: CanvasImageSource,
  width: number,
  height: number,
  maxEdge: number,
): Promise<{ blob: Blob; width: number; height: number }> {
  const size = fitWithin(width, height, maxEdge);
  const canvas = canvasOf(size.width, size.height);
  const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) throw new Error('This browser cannot draw photos.');
  // JPEG has no transparency: a PNG's clear parts become white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
  return { blob: await encode(canvas), ...size };
}

/**
 * Decodes a photo upright from its EXIF orientation, scales it to PHOTO_MAX_EDGE and re-encodes it
 * (which leaves every metadata block behind); the THUMB_EDGE thumbnail comes from the same decoded
 * bitmap, first, and goes to `onThumb` at once. Runs in a worker or, where workers cannot, here.
 */
export async function prepareImage(file: Blob, onThumb?: (thumb: Blob) => void): Promise<PreparedImage> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error('This photo could not be read. Try another photo or format.');
  }
  try {
    // The thumbnail first (a few ms): the strip can show it while the full size is encoded.
    const thumb = await scaledJpeg(bitmap, bitmap.width, bitmap.height, THUMB_EDGE);
    onThumb?.(thumb.blob);
    const full = await scaledJpeg(bitmap, bitmap.width, bitmap.height, PHOTO_MAX_EDGE);
    return { file: full.blob, thumb: thumb.blob, contentType: PHOTO_TYPE, width: full.width, height: full.height };
  } finally {
    bitmap.close();
  }
}
