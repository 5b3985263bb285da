import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams, idSchema } from '../../../shared/schemas/common';
import {
  createInspectionBody,
  createNoteBody,
  inspectionListQuery,
  inspectionNoteResponse,
  inspectionResponse,
  updateInspectionBody,
} from '../../../shared/schemas/inspection';
import { setTotalCount } from '../../lib/list';
import {
  addNote,
  createInspection,
  getInspection,
  listInspections,
  removeNote,
  updateInspection,
} from './inspection.service';

const noteParams = z.object({ id: idSchema, noteId: idSchema });

export async function inspectionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponse, 401: errorResponse };
  // Writes to a row deleted elsewhere (or naming one) answer 410 (offline sync).
  const gone = { 410: errorResponse };

  app.get(
    '/inspections',
    { schema: { querystring: inspectionListQuery, response: { 200: z.array(inspectionResponse), ...errors } } },
    async (request, reply) => {
      const { items, total, next } = await listInspections(app.db, request.query);
      setTotalCount(reply, total, next);
      return items;
    },
  );

  app.get(
    '/inspections/:id',
    { schema: { params: idParams, response: { 200: inspectionResponse, ...errors, 404: errorResponse } } },
    async (request) => getInspection(app.db, request.params.id),
  );

  app.post(
    '/inspections',
    { schema: { body: createInspectionBody, response: { 201: inspectionResponse, ...errors, 409: errorResponse, ...gone } } },
    async (request, reply) => {
      reply.status(201);
      return createInspection(request.db, request.user, request.body);
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/inspections/:id',
      schema: {
        params: idParams,
        body: updateInspectionBody,
        response: { 200: inspectionResponse, ...errors, 404: errorResponse, 409: errorResponse, ...gone },
      },
      handler: async (request) => updateInspection(request.db, request.user.id, request.params.id, request.body),
    });
  }

  app.post(
    '/inspections/:id/notes',
    {
      schema: {
        params: idParams,
        body: createNoteBody,
        response: { 201: inspectionNoteResponse, ...errors, 404: errorResponse, 409: errorResponse, ...gone },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return addNote(request.db, request.params.id, request.body);
    },
  );

  app.delete(
    '/inspections/:id/notes/:noteId',
    { schema: { params: noteParams, response: { 204: z.null(), ...errors, 404: errorResponse, ...gone } } },
    async (request, reply) => {
      await removeNote(request.db, request.params.id, request.params.noteId);
      reply.status(204);
      return null;
    },
  );
}
