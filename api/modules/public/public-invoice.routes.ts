import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  publicInvoiceParams,
  publicInvoiceResponse,
  publicInvoiceServiceParams,
} from '@shared/schemas/invoice';
import { shareNotFoundResponse } from '@shared/schemas/inspection';
import { errorsFor } from '@api/lib/replies';
import { decidePublicInvoiceService, getPublicInvoice } from './public-invoice.service';
import { decisionRoutes } from './decision-routes';
import { sendSharePage } from './public-view';

// The receipt and invoice share pages: no session, the share token is the only key.
export async function publicInvoiceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/invoices/:token',
    { schema: { params: publicInvoiceParams, response: { 200: publicInvoiceResponse, ...errorsFor(400), 404: shareNotFoundResponse } } },
    async (request, reply) => {
      const { token } = request.params;
      const view = { kind: 'invoice' as const, token, now: app.clock() };
      return sendSharePage(app.db, request, reply, view, () => getPublicInvoice(app.db, token, view.now));
    },
  );

  decisionRoutes(app, '/invoices/:token/services/:serviceId', publicInvoiceServiceParams, decidePublicInvoiceService);
}
