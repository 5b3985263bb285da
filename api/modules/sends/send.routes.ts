import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse } from '@shared/schemas/common';
import {
  createSendBody,
  sendParams,
  shareActivityResponse,
  shareSendResponse,
  unviewedSendsResponse,
} from '@shared/schemas/send';
import { requirePermission } from '@api/plugins/auth';
import { SendLimited } from './send-limits';
import { createSend, shareActivity, unviewedSends } from './send.service';
import type { TargetKind } from './send.repository';

// Sends of an inspection's or an invoice's share link, and what came of them.
export async function sendRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: errorResponse, 403: errorResponse };

  for (const [kind, base] of [
    ['inspection', '/inspections/:id/sends'],
    ['invoice', '/invoices/:id/sends'],
  ] as [TargetKind, string][]) {
    app.post(
      base,
      {
        // The send's own client-made id makes it idempotent: an email is not sent inside a stored-replay transaction.
        config: { storesReplay: false },
        // The role table says who may send (advisors and admins; technicians when the shop allows it).
        onRequest: requirePermission(app.db, 'sendToCustomer'),
        onError: async (_request, reply, error) => {
          if (error instanceof SendLimited) reply.header('Retry-After', String(error.retryAfterSeconds));
        },
        schema: {
          params: sendParams,
          body: createSendBody,
          response: {
            200: shareSendResponse,
            201: shareSendResponse,
            400: errorResponse,
            ...denied,
            404: errorResponse,
            409: errorResponse,
            410: errorResponse,
            429: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const ctx = {
          db: request.db,
          mailer: app.mailer,
          userId: request.user.id,
          now: app.clock(),
          limits: app.config.sendLimits,
        };
        const { send, created } = await createSend(ctx, { kind, id: request.params.id }, request.body);
        return reply.code(created ? 201 : 200).send(send);
      },
    );

    app.get(
      base,
      {
        schema: {
          params: sendParams,
          response: { 200: shareActivityResponse, 400: errorResponse, ...denied, 404: errorResponse },
        },
      },
      async (request) => shareActivity(app.db, { kind, id: request.params.id }),
    );
  }

  app.get('/dashboard/unviewed-sends', { schema: { response: { 200: unviewedSendsResponse, ...denied } } }, async () =>
    unviewedSends(app.db, app.clock()),
  );
}
