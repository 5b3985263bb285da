import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '@shared/schemas/common';
import { deferredListQuery, deferredWorkResponse, updateDeferredBody } from '@shared/schemas/deferred';
import { readRoutes } from '@api/lib/read-routes';
import { errorsFor } from '@api/lib/replies';
import { getDeferredWork, listDeferredWork, updateDeferredWork } from './deferred.service';

// Every signed-in role: technicians add or dismiss lines in a new inspection, advisors follow up.
export async function deferredRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  readRoutes(app, '/deferred-work', {
    query: deferredListQuery,
    item: deferredWorkResponse,
    list: listDeferredWork,
    get: getDeferredWork,
  });

  app.patch(
    '/deferred-work/:id',
    {
      schema: {
        params: idParams,
        body: updateDeferredBody,
        response: { 200: deferredWorkResponse, ...errorsFor(400, 401, 404, 409, 410) },
      },
    },
    async (request) => updateDeferredWork(request.db, request.params.id, request.body),
  );
}
