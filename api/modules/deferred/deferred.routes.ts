import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams } from '../../../shared/schemas/common';
import { deferredListQuery, deferredWorkResponse, updateDeferredBody } from '../../../shared/schemas/deferred';
import { setTotalCount } from '../../lib/list';
import { getDeferredWork, listDeferredWork, updateDeferredWork } from './deferred.service';

// Every signed-in role: technicians add or dismiss lines in a new inspection, advisors follow up.
export async function deferredRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponse, 401: errorResponse };

  app.get(
    '/deferred-work',
    { schema: { querystring: deferredListQuery, response: { 200: z.array(deferredWorkResponse), ...errors } } },
    async (request, reply) => {
      const { items, total } = await listDeferredWork(app.db, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );

  app.get(
    '/deferred-work/:id',
    { schema: { params: idParams, response: { 200: deferredWorkResponse, ...errors, 404: errorResponse } } },
    async (request) => getDeferredWork(app.db, request.params.id),
  );

  app.patch(
    '/deferred-work/:id',
    {
      schema: {
        params: idParams,
        body: updateDeferredBody,
        response: { 200: deferredWorkResponse, ...errors, 404: errorResponse, 409: errorResponse, 410: errorResponse },
      },
    },
    async (request) => updateDeferredWork(request.db, request.params.id, request.body),
  );
}
