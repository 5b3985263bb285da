import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicApproveBody, type PublicApproveBody } from '../../../shared/schemas/decision';
import {
  publicInvoiceParams,
  publicInvoiceResponse,
  publicInvoiceServiceParams,
  publicServiceDecisionResponse,
} from '../../../shared/schemas/invoice';
import { shareNotFoundResponse } from '../../../shared/schemas/inspection';
import { errorsFor } from '../../lib/replies';
import { decidePublicInvoiceService, getPublicInvoice } from './public-invoice.service';
import { withViewRecorded } from '../sends/share-views';
import { orShareNotFound, shareClient } from './public-view';

// The receipt and invoice share pages: no session, the share token is the only key.
export async function publicInvoiceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/invoices/:token',
    { schema: { params: publicInvoiceParams, response: { 200: publicInvoiceResponse, ...errorsFor(400), 404: shareNotFoundResponse } } },
    async (request, reply) => {
      const { token } = request.params;
      const view = { kind: 'invoice' as const, token, now: app.clock() };
      return orShareNotFound(app.db, reply, () => withViewRecorded(app.db, request, view, () => getPublicInvoice(app.db, token)));
    },
  );

  for (const [action, status] of [
    ['approve', 'approved'],
    ['decline', 'declined'],
  ] as const) {
    app.put(
      `/invoices/:token/services/:serviceId/${action}`,
      {
        schema: {
          params: publicInvoiceServiceParams,
          // Only an approval carries a typed name or a drawn signature.
          ...(action === 'approve' ? { body: publicApproveBody } : {}),
          response: { 200: publicServiceDecisionResponse, ...errorsFor(400, 404, 409) },
        },
      },
      async (request) =>
        decidePublicInvoiceService(app.db, request.params.token, request.params.serviceId, status, {
          client: shareClient(request),
          body: request.body as PublicApproveBody,
        }),
    );
  }
}
