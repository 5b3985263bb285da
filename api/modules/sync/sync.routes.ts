import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { syncChangesQuery, syncChangesResponse } from '@shared/schemas/sync';
import { sendJsonText } from '@api/lib/json-text';
import { errorsFor } from '@api/lib/replies';
import { changesSince } from './sync.service';

/** The change feed the offline app pulls; every signed-in role may read it. */
export async function syncRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sync/changes',
    {
      schema: {
        querystring: syncChangesQuery,
        response: { 200: syncChangesResponse, ...errorsFor(400, 401) },
      },
    },
    async (request, reply) => sendJsonText(reply, await changesSince(app.db, request.query)),
  );
}
