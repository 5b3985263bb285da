import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@shared/schemas/common';
import {
  createInvoiceBody,
  invoiceListQuery,
  invoiceResponse,
  lineItemBody,
  lineItemParams,
  lineItemResponse,
  updateInvoiceBody,
} from '@shared/schemas/invoice';
import { readRoutes } from '@api/lib/read-routes';
import { created, errorsFor, noContent } from '@api/lib/replies';
import {
  addLineItem,
  createInvoice,
  deleteInvoice,
  getInvoice,
  listInvoices,
  removeLineItem,
  renewInvoiceShareLink,
  updateInvoice,
} from './invoice.service';

// Receipts and their custom line items; every signed-in role may use them.
export async function invoiceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  readRoutes(app, '/invoices', { query: invoiceListQuery, item: invoiceResponse, list: listInvoices, get: getInvoice });

  app.post(
    '/invoices',
    { schema: { body: createInvoiceBody, response: { 201: invoiceResponse, ...errorsFor(400, 401, 409) } } },
    async (request, reply) => created(reply, createInvoice(request.db, request.user, request.body)),
  );

  app.patch(
    '/invoices/:id',
    {
      schema: {
        params: idParams,
        body: updateInvoiceBody,
        response: { 200: invoiceResponse, ...errorsFor(400, 401, 404) },
      },
    },
    async (request) => updateInvoice(request.db, request.params.id, request.body),
  );

  // A new link for the invoice and receipt pages; the old one answers like an unknown link.
  app.post(
    '/invoices/:id/share-link',
    { schema: { params: idParams, response: { 200: invoiceResponse, ...errorsFor(400, 401, 404) } } },
    async (request) => renewInvoiceShareLink(request.db, request.params.id),
  );

  app.delete(
    '/invoices/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...errorsFor(400, 401, 404) } } },
    async (request, reply) => noContent(reply, deleteInvoice(request.db, request.params.id)),
  );

  app.post(
    '/invoices/:id/line-items',
    {
      schema: {
        params: idParams,
        body: lineItemBody,
        response: { 201: lineItemResponse, ...errorsFor(400, 401, 404, 409) },
      },
    },
    async (request, reply) => created(reply, addLineItem(request.db, request.params.id, request.body)),
  );

  app.delete(
    '/invoices/:id/line-items/:itemId',
    { schema: { params: lineItemParams, response: { 204: z.null(), ...errorsFor(400, 401, 404) } } },
    async (request, reply) => noContent(reply, removeLineItem(request.db, request.params.id, request.params.itemId)),
  );
}
