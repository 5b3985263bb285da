import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams } from '../../../shared/schemas/common';
import {
  createInvoiceBody,
  invoiceListQuery,
  invoiceResponse,
  lineItemBody,
  lineItemParams,
  lineItemResponse,
  updateInvoiceBody,
} from '../../../shared/schemas/invoice';
import { setTotalCount } from '../../lib/list';
import {
  addLineItem,
  createInvoice,
  deleteInvoice,
  getInvoice,
  listInvoices,
  removeLineItem,
  updateInvoice,
} from './invoice.service';

// Receipts and their custom line items; every signed-in role may use them.
export async function invoiceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponse, 401: errorResponse };
  const withNotFound = { ...errors, 404: errorResponse };

  app.get(
    '/invoices',
    { schema: { querystring: invoiceListQuery, response: { 200: z.array(invoiceResponse), ...errors } } },
    async (request, reply) => {
      const { items, total } = await listInvoices(app.db, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );

  app.get(
    '/invoices/:id',
    { schema: { params: idParams, response: { 200: invoiceResponse, ...withNotFound } } },
    async (request) => getInvoice(app.db, request.params.id),
  );

  app.post(
    '/invoices',
    { schema: { body: createInvoiceBody, response: { 201: invoiceResponse, ...errors, 409: errorResponse } } },
    async (request, reply) => {
      reply.status(201);
      return createInvoice(request.db, request.user, request.body);
    },
  );

  app.patch(
    '/invoices/:id',
    { schema: { params: idParams, body: updateInvoiceBody, response: { 200: invoiceResponse, ...withNotFound } } },
    async (request) => updateInvoice(request.db, request.params.id, request.body),
  );

  app.delete(
    '/invoices/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...withNotFound } } },
    async (request, reply) => {
      await deleteInvoice(request.db, request.params.id);
      reply.status(204);
      return null;
    },
  );

  app.post(
    '/invoices/:id/line-items',
    {
      schema: {
        params: idParams,
        body: lineItemBody,
        response: { 201: lineItemResponse, ...withNotFound, 409: errorResponse },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return addLineItem(request.db, request.params.id, request.body);
    },
  );

  app.delete(
    '/invoices/:id/line-items/:itemId',
    { schema: { params: lineItemParams, response: { 204: z.null(), ...withNotFound } } },
    async (request, reply) => {
      await removeLineItem(request.db, request.params.id, request.params.itemId);
      reply.status(204);
      return null;
    },
  );
}
