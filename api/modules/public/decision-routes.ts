import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { publicApproveBody, type PublicApproveBody } from '@shared/schemas/decision';
import { publicServiceResponse } from '@shared/schemas/inspection';
import { errorsFor } from '@api/lib/replies';
import { shareClient, type DecideSharedService } from './public-view';

/** Registers `PUT <path>/approve` and `PUT <path>/decline`, the customer's decisions on a share page. */
export function decisionRoutes(
  fastify: FastifyInstance,
  path: string,
  params: z.ZodType<{ token: string; serviceId: string }>,
  decide: DecideSharedService,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const [action, status] of [
    ['approve', 'approved'],
    ['decline', 'declined'],
  ] as const) {
    app.put(
      `${path}/${action}`,
      {
        schema: {
          params,
          // Only an approval carries a typed name or a drawn signature.
          ...(action === 'approve' ? { body: publicApproveBody } : {}),
          response: { 200: publicServiceResponse, ...errorsFor(400, 404, 409) },
        },
      },
      async (request) =>
        decide(app.db, request.params.token, request.params.serviceId, status, {
          client: shareClient(request),
          body: request.body as PublicApproveBody,
        }, app.clock()),
    );
  }
}
