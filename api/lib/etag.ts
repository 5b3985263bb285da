import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendJsonText } from './json-text';

/**
 * A weak validator over an answer's bytes: the same answer has the same tag, whatever encoding
 * (gzip or none) it then travels in, which is what makes it weak.
 */
export function etagOf(bytes: Buffer): string {
  return `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
}

/** Whether an `If-None-Match` header names this tag (compared weakly, as RFC 9110 asks) or is `*`. */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const given = tag.trim();
    return given === '*' || given.replace(/^W\//, '') === opaque;
  });
}

/**
 * Sends a JSON answer with its `ETag`, or a bodiless 304 when the client already holds that very
 * answer: a client that asks again is answered from the same read, without the bytes.
 */
export function sendJsonWithEtag(request: FastifyRequest, reply: FastifyReply, bytes: Buffer): FastifyReply {
  const etag = etagOf(bytes);
  reply.header('ETag', etag);
  if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return sendJsonText(reply, bytes);
}
