import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@shared/schemas/common';
import { decisionListResponse } from '@shared/schemas/decision';
import { listDecisions } from './decision.service';

/** The decision history of an inspection: read only, there is no route to change or remove it. */
export async function decisionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/inspections/:id/decisions',
    {
      schema: {
        params: idParams,
        response: { 200: decisionListResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => listDecisions(request.db, request.params.id),
  );
}
