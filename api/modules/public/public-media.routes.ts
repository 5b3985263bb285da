import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@shared/schemas/common';
import { sendMediaFile } from '@api/modules/media/media-serve';
import { fileBody } from '@api/modules/media/media.routes';
import { findPublicMedia } from '@api/modules/media/media.service';

const fileParams = z.object({ token: z.string(), id: z.string(), version: z.string(), name: z.string() });

/** A share page's photos and videos: only its own inspection's, through its token. */
export async function publicMediaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/inspections/:token/media/:id/files/:version/:name',
    { schema: { params: fileParams, response: { 200: fileBody, 206: fileBody, 404: errorResponse, 416: errorResponse } } },
    async (request, reply) => {
      const { token, id } = request.params;
      return sendMediaFile(request, reply, app.media.store, await findPublicMedia(app.db, token, id, app.clock()), request.params);
    },
  );
}
