import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '@api/lib/http-error';
import type { MediaStore } from './media-store';
import { mediaKey } from './media-store';
import { fileVersion, MEDIA_FILE_NAMES, type MediaFileName } from './media.mapper';
import type { MediaView } from './media.repository';

// Serving a medium's file: its URL names the content's version, so the answer never changes and
// is cached for a year; Range requests get 206 (videos seek), an unsatisfiable one 416.

export const FILE_NOT_FOUND = 'File not found';

/** The stored key and type of a file of the medium, or null when the URL names none (or an old version). */
export function resolveFile(
  media: MediaView,
  name: string,
  version: string,
): { key: string; contentType: string } | null {
  if (!(MEDIA_FILE_NAMES as readonly string[]).includes(name)) return null;
  const file = name as MediaFileName;
  if (fileVersion(media, file) !== version) return null;
  switch (file) {
    case 'original':
      return { key: mediaKey(media.sha256, 'original'), contentType: media.contentType };
    case 'markup':
      return { key: mediaKey(media.markupSha256!, 'original'), contentType: media.markupContentType ?? 'image/jpeg' };
    case 'poster':
      return { key: mediaKey(media.sha256, 'poster'), contentType: 'image/jpeg' };
    case 'video':
      return media.playable
        ? { key: mediaKey(media.sha256, media.playable), contentType: 'video/mp4' }
        : { key: mediaKey(media.sha256, 'original'), contentType: media.contentType };
    default: {
      const source = media.kind === 'photo' && media.markupSha256 ? media.markupSha256 : media.sha256;
      return { key: mediaKey(source, file), contentType: 'image/webp' };
    }
  }
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against `size`: the range, 'unsatisfiable', or null to send it all. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: the whole file is a valid answer.
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  // `bytes=5-2` is no valid range at all (RFC 9110): the whole file answers it.
  if (match[2] !== '' && Number(match[2]) < start) return null;
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

export async function sendMediaFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  media: MediaView | undefined,
  params: { name: string; version: string },
): Promise<FastifyReply> {
  const file = media ? resolveFile(media, params.name, params.version) : null;
  const size = file ? await store.size(file.key) : null;
  if (!file || size === null) throw notFound(FILE_NOT_FOUND);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Accept-Ranges', 'bytes');
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    // An error is never cached (the API's no-store is set on send).
    reply.header('Content-Range', `bytes */${size}`);
    reply.status(416);
    return reply
      .type('application/json; charset=utf-8')
      .send({ error: 'bad_request', message: 'The requested range is outside the file' });
  }
  reply.header('Content-Disposition', 'inline');
  // The URL's content never changes. Share-page URLs are `private` too: a shared cache would keep
  // serving them after their token is revoked.
  reply.header('Cache-Control', 'private, max-age=31536000, immutable');
  reply.type(file.contentType);
  if (range) {
    reply.status(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('Content-Length', range.end - range.start + 1);
    return reply.send(request.method === 'HEAD' ? noBody() : await store.read(file.key, range));
  }
  reply.header('Content-Length', size);
  return reply.send(request.method === 'HEAD' ? noBody() : await store.read(file.key));
}

/**
 * A HEAD answer's body: an empty stream keeps the Content-Length set above (Fastify's HEAD handling
 * measures any other payload, and fails on null), and reads nothing from the store.
 */
const noBody = () => Readable.from([]);
