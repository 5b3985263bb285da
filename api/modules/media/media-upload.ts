import { Readable } from 'node:stream';
import { Server, type ServerOptions } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_UPLOAD_PATH, VIDEO_MAX_BYTES } from '@shared/constants';
import type { ApiErrorBody } from '@shared/errors';
import { mediaUploadMetadata, type MediaUploadMetadata } from '@shared/schemas/media';
import { HttpError } from '@api/lib/http-error';
import { codeForStatus, httpErrorBody } from '@api/plugins/errors';
import { capFor, checkUploadTarget, ingestUpload, tooLarge } from './media-ingest';
import type { MediaRuntime } from './media-runtime';
import { StagingStore, UPLOADER_KEY } from './media-staging';
import { toMedia } from './media.mapper';
import type { MediaView } from './media.repository';

// The tus 1.0 endpoint devices upload photos and videos through: creation, HEAD for the offset
// reached, PATCH to continue, DELETE to give up. Fastify checks the session first; the body of a
// PATCH is handed to tus as the request stream it is, so a video is never held in memory whole.

type Hook<K extends keyof ServerOptions> = NonNullable<ServerOptions[K]>;
type TusUpload = Parameters<Hook<'onUploadFinish'>>[1];

const UNFINISHED_UPLOAD_HOURS = 24;
export const NOT_TUS = 'Uploads use the tus 1.0 protocol: send the header Tus-Resumable: 1.0.0';
const HOUR_MS = 60 * 60 * 1000;
/** Unfinished uploads one user may hold at once (abandoned ones count until they expire). */
export const OPEN_UPLOADS_MAX = 20;
export const TOO_MANY_OPEN = `You have ${OPEN_UPLOADS_MAX} unfinished uploads; finish or cancel one before starting another`;
/** An upload URL tus no longer knows (expired, finished, or never made): the device starts again. */
export const UPLOAD_EXPIRED = 'This upload expired; start it again.';
export const NO_DEFERRED_LENGTH = 'An upload must state its Upload-Length when it is created';
export const NO_CONCAT = 'Uploads cannot be concatenated; send each file as one upload';

/** An HttpError as tus passes errors on: a status and a body (our JSON). */
const forTus = (err: HttpError) => ({ status_code: err.statusCode, body: JSON.stringify(httpErrorBody(err)) });

function parseMetadata(raw: Record<string, string | null> | undefined): MediaUploadMetadata {
  const given = Object.entries(raw ?? {}).filter(([k, v]) => v !== null && k !== UPLOADER_KEY);
  const parsed = mediaUploadMetadata.safeParse(Object.fromEntries(given));
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new HttpError(400, 'validation_error', `Invalid upload metadata: ${issues[0]?.message ?? 'invalid'}`, issues);
}

/** tus answers its own refusals in plain text: they leave as our JSON errors like every other. */
function asErrorBody(status: number, text: string): { status: number; body: ApiErrorBody } {
  try {
    const body = JSON.parse(text) as ApiErrorBody;
    if (body && typeof body.error === 'string') return { status, body };
  } catch {
    // plain text from tus itself
  }
  // tus's own 404 (unknown) and 410 (expired) both mean "start a new upload"; 410 `gone` stays for
  // a deleted inspection, service or medium, which a device reads as "drop this file".
  if (status === 404 || status === 410) return { status: 404, body: { error: 'not_found', message: UPLOAD_EXPIRED } };
  const message =
    status === 413 ? `A file can be at most ${VIDEO_MAX_BYTES / 1024 / 1024} MB` : text.trim() || 'Upload failed';
  return { status, body: { error: status >= 500 ? 'internal_error' : codeForStatus(status), message } };
}

export function createUploadServer(runtime: MediaRuntime, app: FastifyInstance) {
  const users = new WeakMap<Request, string>();
  const store = new StagingStore(runtime.stagingDir, UNFINISHED_UPLOAD_HOURS * HOUR_MS);
  // One ingest per upload at a time: the PATCH that wrote the last byte and a HEAD after it share it.
  const finishing = new Map<string, Promise<MediaView>>();

  /** Unfinished uploads of a user that have not expired. */
  async function openUploads(userId: string): Promise<number> {
    const staged = await store.staged();
    return staged.filter((u) => u.metadata[UPLOADER_KEY] === userId && u.offset !== u.size && !store.expired(u)).length;
  }

  const onUploadCreate: Hook<'onUploadCreate'> = async (req, upload) => {
    try {
      const userId = users.get(req)!;
      const meta = parseMetadata(upload.metadata);
      const kind = meta.role === 'markup' ? 'photo' : meta.kind!;
      if (upload.size !== undefined && upload.size > capFor(kind)) throw tooLarge(kind);
      await checkUploadTarget(app.db, meta);
      if ((await openUploads(userId)) >= OPEN_UPLOADS_MAX) throw new HttpError(429, 'too_many_requests', TOO_MANY_OPEN);
      // Who uploads is kept with the upload: a restart that finds it complete stores it in their name.
      return { metadata: { ...upload.metadata, [UPLOADER_KEY]: userId } };
    } catch (err) {
      throw err instanceof HttpError ? forTus(err) : err;
    }
  };

  /** Stores a complete staged upload as a medium, then forgets its staged bytes (stored or refused). */
  function finish(
    id: string,
    metadata: Record<string, string | null> | undefined,
    size: number,
    fallbackUser?: string,
  ): Promise<MediaView> {
    const running = finishing.get(id);
    if (running) return running;
    const work = (async () => {
      // Only a replaced mark-up, or an ingest that failed part-way, can leave a file no row uses.
      let mayLeaveFile = true;
      try {
        const userId = metadata?.[UPLOADER_KEY] ?? fallbackUser;
        if (!userId) throw new HttpError(401, 'unauthorized', 'You need to sign in');
        const meta = parseMetadata(metadata);
        const stored = await ingestUpload(app.db, runtime, { meta, staged: store.fileOf(id), size, userId });
        mayLeaveFile = meta.role === 'markup';
        return stored;
      } finally {
        // A retry starts a new upload; the same content is then answered with the stored medium.
        await store.remove(id).catch(() => undefined);
        finishing.delete(id);
        if (mayLeaveFile) void runtime.sweep(true);
      }
    })();
    finishing.set(id, work);
    return work;
  }

  const onUploadFinish: Hook<'onUploadFinish'> = async (req, upload: TusUpload) => {
    try {
      const row = await finish(upload.id, upload.metadata, upload.offset, users.get(req));
      // The medium answers the last request: a device needs no second call to learn its URLs.
      return {
        status_code: req.method === 'POST' ? 201 : 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify(toMedia(row)),
      };
    } catch (err) {
      throw err instanceof HttpError ? forTus(err) : err;
    }
  };

  const server = new Server({
    path: MEDIA_UPLOAD_PATH,
    relativeLocation: true,
    maxSize: VIDEO_MAX_BYTES,
    datastore: store,
    onUploadCreate,
    onUploadFinish,
    // Same-origin only: the app and the API share one origin.
    allowedOrigins: [],
  });

  /**
   * A staged upload that has all its bytes but is no medium yet: the server stopped while storing
   * it. tus would answer its HEAD with offset = length, and the device would take that as done.
   */
  async function completeButUnstored(id: string) {
    const upload = await store.getUpload(id).catch(() => null);
    if (!upload || upload.size === undefined || upload.offset !== upload.size) return null;
    return store.expired({ lastActivity: new Date(upload.creation_date!) }) ? null : upload;
  }

  /** Stores a complete upload a request names, then answers that request as tus would after its last byte. */
  async function answerCompleted(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
  ): Promise<FastifyReply | null> {
    const upload = await completeButUnstored(id);
    if (!upload) return null;
    const row = await finish(id, upload.metadata, upload.offset, request.user.id);
    reply
      .header('Tus-Resumable', '1.0.0')
      .header('Upload-Offset', String(upload.offset))
      .header('Upload-Length', String(upload.size));
    if (request.method === 'HEAD') return reply.status(200).send();
    return reply.status(200).type('application/json; charset=utf-8').send(toMedia(row));
  }

  /** Passes one Fastify request to tus and its answer back through Fastify (headers, logging, errors). */
  async function handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // tus would answer 412; a request that is no tus request at all is a plain bad request.
    if (!request.headers['tus-resumable']) throw new HttpError(400, 'bad_request', NOT_TUS);
    if (request.method === 'POST' && request.headers['upload-defer-length'] !== undefined)
      throw new HttpError(400, 'bad_request', NO_DEFERRED_LENGTH);
    if (request.method === 'POST' && request.headers['upload-concat'] !== undefined)
      throw new HttpError(400, 'bad_request', NO_CONCAT);
    const { id } = (request.params ?? {}) as { id?: string };
    if (id && (request.method === 'HEAD' || request.method === 'PATCH')) {
      const answered = await answerCompleted(request, reply, id);
      if (answered) return answered;
    }
    const body = request.body instanceof Readable ? request.body : undefined;
    const webRequest = new Request(`http://${request.host}${request.url}`, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      ...(body ? { body: Readable.toWeb(body) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    users.set(webRequest, request.user.id);
    const response = await server.handleWeb(webRequest);
    response.headers.forEach((value, name) => {
      if (!['content-length', 'access-control-allow-origin', 'content-type'].includes(name)) reply.header(name, value);
    });
    const text = await response.text();
    if (response.status >= 400) {
      const { status, body: error } = asErrorBody(response.status, text);
      return reply.status(status).type('application/json; charset=utf-8').send(error);
    }
    reply.status(response.status);
    if (text === '') return reply.send();
    return reply.type('application/json; charset=utf-8').send(text);
  }

  /** Forgets uploads with no byte for a day (their staged bytes too); returns how many. */
  function cleanUp(): Promise<number> {
    return server.cleanUpExpiredUploads();
  }

  /** Stores the complete uploads the last run left staged (it stopped while storing them). */
  async function finishStaged(): Promise<number> {
    let done = 0;
    for (const upload of await store.staged()) {
      if (
        upload.size === undefined ||
        upload.offset !== upload.size ||
        store.expired(upload) ||
        !upload.metadata[UPLOADER_KEY]
      )
        continue;
      await finish(upload.id, upload.metadata, upload.offset).then(
        () => done++,
        (err: unknown) =>
          app.log.warn({ err, upload: upload.id }, 'a complete upload left at the last stop could not be stored'),
      );
    }
    return done;
  }

  return { handle, cleanUp, finishStaged, openUploads };
}
