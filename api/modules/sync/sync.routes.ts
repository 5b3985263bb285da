import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { syncChangesQuery, syncChangesResponse } from '@shared/schemas/sync';
import { sendJsonText } from '@api/lib/json-text';
import { errorsFor } from '@api/lib/replies';
import { dropKeptPages } from './kept-pages';
import { changesSince } from './sync.service';

/** The change feed the offline app pulls; every signed-in role may read it. */
export async function syncRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The pages kept in files go with the server.
  app.addHook('onClose', async () => dropKeptPages(app.db));

  app.get(
    '/sync/changes',
    {
      schema: {
        querystring: syncChangesQuery,
        response: { 200: syncChangesResponse, ...errorsFor(400, 401) },
      },
    },
    async (request, reply) => {
      const page = await changesSince(app.db, request.query);
      if (!('giveBack' in page)) return sendJsonText(reply, page);
      // A kept page's bytes are lent: given back once the answer is sent, or dropped.
      reply.raw.once('close', page.giveBack);
      return sendJsonText(reply, page.bytes);
    },
  );
}
