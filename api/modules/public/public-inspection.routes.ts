import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicInspectionResponse, shareNotFoundResponse } from '@shared/schemas/inspection';
import { decidePublicService, getPublicInspection } from './public-inspection.service';
import { decisionRoutes } from './decision-routes';
import { sendSharePage } from './public-view';

// Tokens and ids are checked in the service: a malformed one is answered like an unknown one (404).
const tokenParams = z.object({ token: z.string() });
const serviceParams = z.object({ token: z.string(), serviceId: z.string() });

/** The inspection report's calls: no session, scoped by the share token. */
export async function publicInspectionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/inspections/:token',
    { schema: { params: tokenParams, response: { 200: publicInspectionResponse, 404: shareNotFoundResponse } } },
    async (request, reply) => {
      const { token } = request.params;
      const view = { kind: 'inspection' as const, token, now: app.clock() };
      return sendSharePage(app.db, request, reply, view, () => getPublicInspection(app.db, token, view.now));
    },
  );

  decisionRoutes(app, '/inspections/:token/services/:serviceId', serviceParams, decidePublicService);
}
