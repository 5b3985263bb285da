import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server, type ServerOptions } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_UPLOAD_PATH, VIDEO_MAX_BYTES } from '../../../shared/constants';
import type { ApiErrorBody, ErrorCode } from '../../../shared/errors';
import { mediaUploadMetadata, type MediaUploadMetadata } from '../../../shared/schemas/media';
import { HttpError } from '../../lib/http-error';
import { httpErrorBody } from '../../plugins/errors';
import { capFor, checkUploadTarget, ingestUpload, tooLarge } from './media-ingest';
import type { MediaRuntime } from './media-runtime';
import { toMedia } from './media.mapper';

// The tus 1.0 endpoint devices upload photos and videos through: creation, HEAD for the offset
// reached, PATCH to continue, DELETE to give up. Fastify checks the session first; the body of a
// PATCH is handed to tus as the request stream it is, so a video is never held in memory whole.

type Hook<K extends keyof ServerOptions> = NonNullable<ServerOptions[K]>;
type TusUpload = Parameters<Hook<'onUploadFinish'>>[1];

const UNFINISHED_UPLOAD_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;

/** An HttpError as tus passes errors on: a status and a body (our JSON). */
const forTus = (err: HttpError) => ({ status_code: err.statusCode, body: JSON.stringify(httpErrorBody(err)) });

function parseMetadata(raw: Record<string, string | null> | undefined): MediaUploadMetadata {
  const parsed = mediaUploadMetadata.safeParse(Object.fromEntries(Object.entries(raw ?? {}).filter(([, v]) => v !== null)));
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new HttpError(400, 'validation_error', `Invalid upload metadata: ${issues[0]?.message ?? 'invalid'}`, issues);
}

const TUS_CODES: Record<number, ErrorCode> = { 400: 'bad_request', 404: 'not_found', 409: 'conflict', 410: 'gone', 412: 'bad_request', 413: 'payload_too_large', 415: 'unsupported_media_type' };

/** tus answers its own refusals in plain text: they leave as our JSON errors like every other. */
function asErrorBody(status: number, text: string): ApiErrorBody {
  try {
    const body = JSON.parse(text) as ApiErrorBody;
    if (body && typeof body.error === 'string') return body;
  } catch {
    // plain text from tus itself
  }
  const message = status === 413 ? `A file can be at most ${VIDEO_MAX_BYTES / 1024 / 1024} MB` : text.trim() || 'Upload failed';
  return { error: TUS_CODES[status] ?? (status >= 500 ? 'internal_error' : 'bad_request'), message };
}

export function createUploadServer(runtime: MediaRuntime, app: FastifyInstance) {
  const users = new WeakMap<Request, string>();
  let server: Server | null = null;

  const onUploadCreate: Hook<'onUploadCreate'> = async (_req, upload) => {
    try {
      const meta = parseMetadata(upload.metadata);
      const kind = meta.role === 'markup' ? 'photo' : meta.kind!;
      if (upload.size !== undefined && upload.size > capFor(kind)) throw tooLarge(kind);
      await checkUploadTarget(app.db, meta);
      return {};
    } catch (err) {
      throw err instanceof HttpError ? forTus(err) : err;
    }
  };

  const onUploadFinish: Hook<'onUploadFinish'> = async (req, upload: TusUpload) => {
    const userId = users.get(req);
    const staged = upload.storage?.path;
    try {
      if (!userId || !staged) throw new HttpError(401, 'unauthorized', 'You need to sign in');
      const meta = parseMetadata(upload.metadata);
      const row = await ingestUpload(app.db, runtime, { meta, staged, size: upload.offset, userId });
      // The medium answers the last request: a device needs no second call to learn its URLs.
      return {
        status_code: req.method === 'POST' ? 201 : 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify(toMedia(row)),
      };
    } catch (err) {
      throw err instanceof HttpError ? forTus(err) : err;
    } finally {
      // Stored or refused, the staged bytes are done with: a retry starts a new upload.
      await server?.datastore.remove(upload.id).catch(() => undefined);
      // A replaced mark-up leaves its old file unused.
      void runtime.sweep();
    }
  };

  function tus(): Server {
    server ??= new Server({
      path: MEDIA_UPLOAD_PATH,
      relativeLocation: true,
      maxSize: VIDEO_MAX_BYTES,
      datastore: new FileStore({ directory: runtime.stagingDir, expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_HOURS * HOUR_MS }),
      onUploadCreate,
      onUploadFinish,
      // Same-origin only: the app and the API share one origin.
      allowedOrigins: [],
    });
    return server;
  }

  /** Passes one Fastify request to tus and its answer back through Fastify (headers, logging, errors). */
  async function handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const body = request.body instanceof Readable ? request.body : undefined;
    const webRequest = new Request(`http://${request.host}${request.url}`, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      ...(body ? { body: Readable.toWeb(body) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    users.set(webRequest, request.user.id);
    const response = await tus().handleWeb(webRequest);
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (!['content-length', 'access-control-allow-origin', 'content-type'].includes(name)) reply.header(name, value);
    });
    const text = await response.text();
    if (response.status >= 400) return reply.type('application/json; charset=utf-8').send(asErrorBody(response.status, text));
    if (text === '') return reply.send();
    return reply.type('application/json; charset=utf-8').send(text);
  }

  /** Forgets uploads left unfinished for a day (their staged bytes too). */
  async function cleanUp(): Promise<number> {
    return server ? server.cleanUpExpiredUploads() : 0;
  }

  return { handle, cleanUp };
}
