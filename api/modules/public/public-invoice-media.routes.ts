import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@shared/schemas/common';
import { sendMediaFile } from '@api/modules/media/media-serve';
import { findInvoiceMedia } from './public-invoice-media.service';

const fileParams = z.object({ token: z.string(), id: z.string(), version: z.string(), name: z.string() });

/** An invoice's or receipt's photos: only its own inspection's, through its token. */
export async function publicInvoiceMediaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/invoices/:token/media/:id/files/:version/:name',
    { schema: { params: fileParams, response: { 404: errorResponse, 416: errorResponse } } },
    async (request, reply) => {
      const { token, id } = request.params;
      return sendMediaFile(request, reply, app.media.store, await findInvoiceMedia(app.db, token, id, app.clock()), request.params);
    },
  );
}
