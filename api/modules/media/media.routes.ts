import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEDIA_UPLOAD_PATH } from '@shared/constants';
import { errorResponse, idParams } from '@shared/schemas/common';
import { mediaResponse, updateMediaBody } from '@shared/schemas/media';
import { errorsFor, noContent } from '@api/lib/replies';
import { sendMediaFile } from './media-serve';
import { createUploadServer } from './media-upload';
import { scheduleMediaUpkeep } from './media-upkeep';
import { findMedia } from './media.repository';
import { deleteMedia, getMedia, listInspectionMedia, updateMedia } from './media.service';

const fileParams = z.object({ id: z.string(), version: z.string(), name: z.string() });
const uploadParams = z.object({ id: z.string() });
/** A file's bytes (its type in Content-Type), whole or one range. */
export const fileBody = z.unknown().describe('The file');
const UPLOADS = MEDIA_UPLOAD_PATH.replace(/^\/api/, '');

/** Staff calls for photos and videos: the tus upload endpoint, the rows, and their files. */
export async function mediaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponse, 401: errorResponse };
  const uploads = createUploadServer(app.media, app);
  scheduleMediaUpkeep(app, uploads);

  // A PATCH body is passed on to tus as the stream it is.
  app.addContentTypeParser('application/offset+octet-stream', (_request, payload, done) => done(null, payload));
  // tus keeps its own replay rules (offsets), so these writes store no idempotent replay.
  const tusConfig = { storesReplay: false };
  app.post(
    UPLOADS,
    {
      config: tusConfig,
      schema: { response: { 201: z.unknown(), ...errorsFor(400, 401, 403, 404, 409, 410, 413, 415) } },
    },
    uploads.handle,
  );
  app.route({
    method: ['PATCH', 'DELETE'],
    url: `${UPLOADS}/:id`,
    config: tusConfig,
    schema: {
      params: uploadParams,
      response: { 200: z.unknown(), 204: z.unknown(), ...errorsFor(400, 401, 403, 404, 409, 410, 413, 415) },
    },
    handler: uploads.handle,
  });
  app.route({ method: 'HEAD', url: `${UPLOADS}/:id`, schema: { params: uploadParams }, handler: uploads.handle });

  app.get(
    '/media/:id',
    { schema: { params: idParams, response: { 200: mediaResponse, ...errorsFor(400, 401, 404, 410) } } },
    async (request) => getMedia(app.db, request.params.id),
  );

  app.get(
    '/inspections/:id/media',
    {
      schema: {
        params: idParams,
        response: {
          200: z.object({ items: z.array(mediaResponse) }),
          ...errors,
          404: errorResponse,
          410: errorResponse,
        },
      },
    },
    async (request) => listInspectionMedia(app.db, request.params.id),
  );

  app.patch(
    '/media/:id',
    {
      schema: {
        params: idParams,
        body: updateMediaBody,
        response: { 200: mediaResponse, ...errorsFor(400, 401, 404, 409, 410) },
      },
    },
    async (request) => updateMedia(request.db, request.params.id, request.body),
  );

  app.delete(
    '/media/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...errorsFor(400, 401, 404, 409, 410) } } },
    async (request, reply) => noContent(reply, deleteMedia(request.db, request.params.id)),
  );

  app.get(
    '/media/:id/files/:version/:name',
    { schema: { params: fileParams, response: { 200: fileBody, 206: fileBody, ...errorsFor(401, 404, 416) } } },
    async (request, reply) =>
      sendMediaFile(request, reply, app.media.store, await findMedia(app.db, request.params.id), request.params),
  );
}
