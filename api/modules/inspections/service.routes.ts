import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, idSchema } from '@shared/schemas/common';
import {
  createPartBody,
  createServiceBody,
  partResponse,
  serviceResponse,
  updateServiceBody,
} from '@shared/schemas/inspection';
import { created, errorsFor, noContent } from '@api/lib/replies';
import { addPart, createService, deletePart, deleteService, updateService } from './service.service';

const partParams = z.object({ id: idSchema, partId: idSchema });

/** Service calls of their own (besides the inspection's nested save); staff only (the customer decides through the share page). */
export async function serviceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Writes to a row deleted elsewhere (or naming one) answer 410 (offline sync).
  app.post(
    '/services',
    { schema: { body: createServiceBody, response: { 201: serviceResponse, ...errorsFor(400, 401, 404, 409, 410) } } },
    async (request, reply) => created(reply, createService(request.db, request.user.id, request.body)),
  );

  app.put(
    '/services/:id',
    {
      schema: {
        params: idParams,
        body: updateServiceBody,
        response: { 200: serviceResponse, ...errorsFor(400, 401, 404, 410) },
      },
    },
    async (request) => updateService(request.db, request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/services/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...errorsFor(400, 401, 404, 410) } } },
    async (request, reply) => noContent(reply, deleteService(request.db, request.params.id)),
  );

  app.post(
    '/services/:id/parts',
    {
      schema: {
        params: idParams,
        body: createPartBody,
        response: { 201: partResponse, ...errorsFor(400, 401, 404, 409, 410) },
      },
    },
    async (request, reply) => created(reply, addPart(request.db, request.params.id, request.body)),
  );

  app.delete(
    '/services/:id/parts/:partId',
    { schema: { params: partParams, response: { 204: z.null(), ...errorsFor(400, 401, 404, 410) } } },
    async (request, reply) => noContent(reply, deletePart(request.db, request.params.id, request.params.partId)),
  );
}
