import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, idSchema } from '@shared/schemas/common';
import {
  createInspectionBody,
  createNoteBody,
  inspectionListQuery,
  inspectionNoteResponse,
  inspectionResponse,
  updateInspectionBody,
} from '@shared/schemas/inspection';
import { readRoutes } from '@api/lib/read-routes';
import { created, errorsFor, noContent } from '@api/lib/replies';
import {
  addNote,
  createInspection,
  listInspections,
  removeNote,
  renewInspectionShareLink,
  updateInspection,
} from './inspection.service';
import { getInspectionText } from './inspection-documents';

const noteParams = z.object({ id: idSchema, noteId: idSchema });

export async function inspectionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  readRoutes(app, '/inspections', {
    query: inspectionListQuery,
    item: inspectionResponse,
    list: listInspections,
    get: getInspectionText,
  });

  // Writes to a row deleted elsewhere (or naming one) answer 410 (offline sync).
  app.post(
    '/inspections',
    { schema: { body: createInspectionBody, response: { 201: inspectionResponse, ...errorsFor(400, 401, 409, 410) } } },
    async (request, reply) => created(reply, createInspection(request.db, request.user, request.body)),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/inspections/:id',
      schema: {
        params: idParams,
        body: updateInspectionBody,
        response: { 200: inspectionResponse, ...errorsFor(400, 401, 404, 409, 410) },
      },
      handler: async (request) => updateInspection(request.db, request.user.id, request.params.id, request.body),
    });
  }

  // A new report link; the old one answers like an unknown link (a mistyped address, a lost phone).
  app.post(
    '/inspections/:id/share-link',
    { schema: { params: idParams, response: { 200: inspectionResponse, ...errorsFor(400, 401, 404, 410) } } },
    async (request) => renewInspectionShareLink(request.db, request.params.id),
  );

  app.post(
    '/inspections/:id/notes',
    {
      schema: {
        params: idParams,
        body: createNoteBody,
        response: { 201: inspectionNoteResponse, ...errorsFor(400, 401, 404, 409, 410) },
      },
    },
    async (request, reply) => created(reply, addNote(request.db, request.params.id, request.body)),
  );

  app.delete(
    '/inspections/:id/notes/:noteId',
    { schema: { params: noteParams, response: { 204: z.null(), ...errorsFor(400, 401, 404, 410) } } },
    async (request, reply) => noContent(reply, removeNote(request.db, request.params.id, request.params.noteId)),
  );
}
