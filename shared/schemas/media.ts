import { z } from 'zod';
import { MEDIA_CAPTION_MAX, MEDIA_ITEM_KEYS, MEDIA_KINDS, MEDIA_UPLOAD_ROLES } from '@shared/constants';
import { idSchema, textWholeNumber, timestamp } from './common';

// Photos and videos of an inspection. The device makes a medium's id when it captures it, so a
// retried upload or a replayed change names the same medium and the server keeps one.

const caption = z
  .string('Caption must be a text')
  .trim()
  .max(MEDIA_CAPTION_MAX, `Caption must be at most ${MEDIA_CAPTION_MAX} characters`);
const POSITION_MAX = 10_000;
const position = z.number('Position must be a number').int('Position must be a whole number').min(0).max(POSITION_MAX);

/**
 * What a tus upload's `Upload-Metadata` carries (all values are text there; numbers are parsed).
 * `role: original` creates the medium; `role: markup` adds the marked-up copy to an existing one.
 * `sha256` is the hex SHA-256 of the uploaded bytes; the server checks it once the upload ends.
 */
export const mediaUploadMetadata = z
  .object({
    mediaId: idSchema,
    role: z.enum(MEDIA_UPLOAD_ROLES, 'role must be original or markup'),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 hex digits'),
    filetype: z.string().max(100).optional(),
    // Only for role original:
    inspectionId: idSchema.optional(),
    itemKey: z.enum(MEDIA_ITEM_KEYS, 'Unknown inspection item').optional(),
    serviceId: idSchema.optional(),
    kind: z.enum(MEDIA_KINDS, 'kind must be photo or video').optional(),
    caption: caption.optional(),
    position: textWholeNumber('position', { min: 0, max: POSITION_MAX }).optional(),
    capturedAt: timestamp.optional(),
    durationMs: textWholeNumber('durationMs', { min: 0 }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.role !== 'original') return;
    if (!value.inspectionId) ctx.addIssue({ code: 'custom', message: 'inspectionId is required' });
    if (!value.kind) ctx.addIssue({ code: 'custom', message: 'kind is required' });
    if (Boolean(value.itemKey) === Boolean(value.serviceId))
      ctx.addIssue({ code: 'custom', message: 'A medium belongs to one inspection item or one service' });
  });
export type MediaUploadMetadata = z.output<typeof mediaUploadMetadata>;

/** Caption and order are the only things that change after capture; only fields sent change. */
export const updateMediaBody = z
  .object({ caption: caption.nullable().optional(), position: position.optional() })
  .refine((v) => v.caption !== undefined || v.position !== undefined, 'Send caption or position');
export type UpdateMediaBody = z.output<typeof updateMediaBody>;

/**
 * URLs of a medium's files, absolute paths on this origin. Each names its content's version, so
 * it may be cached for good. `w320`/`w960`/`w1920` are resized from the image shown first (the
 * marked-up copy when there is one, else the original; a video's poster frame).
 */
export const mediaUrls = z.object({
  w320: z.string(),
  w960: z.string(),
  w1920: z.string(),
  original: z.string(),
  markup: z.string().nullable(),
  /** Videos: the poster frame (JPEG) and the file to play (an H.264 copy once one is made). */
  poster: z.string().nullable(),
  video: z.string().nullable(),
});
export type MediaUrls = z.infer<typeof mediaUrls>;

export const mediaResponse = z.object({
  id: z.string(),
  inspectionId: z.string(),
  itemKey: z.enum(MEDIA_ITEM_KEYS).nullable(),
  serviceId: z.string().nullable(),
  kind: z.enum(MEDIA_KINDS),
  contentType: z.string(),
  bytes: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  durationMs: z.number().nullable(),
  sha256: z.string(),
  markupSha256: z.string().nullable(),
  caption: z.string().nullable(),
  position: z.number(),
  capturedAt: timestamp,
  takenBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** A video whose copy for phones is still being made plays from the original meanwhile. */
  processing: z.boolean(),
  urls: mediaUrls,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type MediaResponse = z.infer<typeof mediaResponse>;

/** What the share page gets: no staff names, URLs scoped to the page's token. */
export const publicMediaResponse = mediaResponse.pick({
  id: true,
  itemKey: true,
  serviceId: true,
  kind: true,
  width: true,
  height: true,
  durationMs: true,
  caption: true,
  position: true,
  urls: true,
});
export type PublicMedia = z.infer<typeof publicMediaResponse>;
