import { z } from 'zod';
import { mediaResponse, type MediaResponse } from '../../../shared/schemas/media';

// The change feed's media lists, read on their own: a server without them sends none.

const feedMedia = z.object({
  media: z.array(mediaResponse).catch([]).default([]),
  deletedMedia: z.array(z.string()).catch([]).default([]),
});

export interface MediaFeedPart {
  media: MediaResponse[];
  deletedMedia: string[];
}

export const NO_MEDIA: MediaFeedPart = { media: [], deletedMedia: [] };

/** The page's `media` and `deletedMedia`, empty when absent. */
export function mediaFeedPart(body: unknown): MediaFeedPart {
  const parsed = feedMedia.safeParse(body);
  return parsed.success ? parsed.data : NO_MEDIA;
}
