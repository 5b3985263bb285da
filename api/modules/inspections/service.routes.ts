import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams, idSchema } from '../../../shared/schemas/common';
import {
  createPartBody,
  createServiceBody,
  partResponse,
  serviceResponse,
  updateServiceBody,
} from '../../../shared/schemas/inspection';
import { addPart, createService, deletePart, deleteService, updateService } from './service.service';

const partParams = z.object({ id: idSchema, partId: idSchema });

/** Service calls of their own (besides the inspection's nested save); staff only (the customer decides through the share page). */
export async function serviceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
  // Writes to a row deleted elsewhere (or naming one) answer 410 (offline sync).
  const gone = { 410: errorResponse };

  app.post(
    '/services',
    { schema: { body: createServiceBody, response: { 201: serviceResponse, ...errors, 409: errorResponse, ...gone } } },
    async (request, reply) => {
      reply.status(201);
      return createService(request.db, request.user.id, request.body);
    },
  );

  app.put(
    '/services/:id',
    { schema: { params: idParams, body: updateServiceBody, response: { 200: serviceResponse, ...errors, ...gone } } },
    async (request) => updateService(request.db, request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/services/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...errors, ...gone } } },
    async (request, reply) => {
      await deleteService(request.db, request.params.id);
      reply.status(204);
      return null;
    },
  );

  app.post(
    '/services/:id/parts',
    {
      schema: {
        params: idParams,
        body: createPartBody,
        response: { 201: partResponse, ...errors, 409: errorResponse, ...gone },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return addPart(request.db, request.params.id, request.body);
    },
  );

  app.delete(
    '/services/:id/parts/:partId',
    { schema: { params: partParams, response: { 204: z.null(), ...errors, ...gone } } },
    async (request, reply) => {
      await deletePart(request.db, request.params.id, request.params.partId);
      reply.status(204);
      return null;
    },
  );
}
