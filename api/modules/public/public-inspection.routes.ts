import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicApproveBody, type PublicApproveBody } from '../../../shared/schemas/decision';
import { publicInspectionResponse, publicServiceResponse, shareNotFoundResponse } from '../../../shared/schemas/inspection';
import { errorsFor } from '../../lib/replies';
import { decidePublicService, getPublicInspection } from './public-inspection.service';
import { withViewRecorded } from '../sends/share-views';
import { orShareNotFound, shareClient } from './public-view';

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
      return orShareNotFound(app.db, reply, () => withViewRecorded(app.db, request, view, () => getPublicInspection(app.db, token)));
    },
  );

  for (const [action, status] of [
    ['approve', 'approved'],
    ['decline', 'declined'],
  ] as const) {
    app.put(
      `/inspections/:token/services/:serviceId/${action}`,
      {
        schema: {
          params: serviceParams,
          // Only an approval carries a typed name or a drawn signature.
          ...(action === 'approve' ? { body: publicApproveBody } : {}),
          response: { 200: publicServiceResponse, ...errorsFor(400, 404, 409) },
        },
      },
      async (request) =>
        decidePublicService(app.db, request.params.token, request.params.serviceId, status, {
          client: shareClient(request),
          body: request.body as PublicApproveBody,
        }),
    );
  }
}
