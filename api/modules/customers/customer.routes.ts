import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams } from '../../../shared/schemas/common';
import {
  createCustomerBody,
  customerListQuery,
  customerResponse,
  updateCustomerBody,
} from '../../../shared/schemas/customer';
import { setTotalCount } from '../../lib/list';
import { createCustomer, deleteCustomer, getCustomer, listCustomers, updateCustomer } from './customer.service';

export async function customerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponse, 401: errorResponse };
  // Writes to a row deleted elsewhere (or naming one) answer 410 (offline sync).
  const gone = { 410: errorResponse };
  const withNotFound = { ...errors, 404: errorResponse };

  app.get(
    '/customers',
    { schema: { querystring: customerListQuery, response: { 200: z.array(customerResponse), ...errors } } },
    async (request, reply) => {
      const { customers, total, next } = await listCustomers(app.db, request.query);
      setTotalCount(reply, total, next);
      return customers;
    },
  );

  app.get(
    '/customers/:id',
    { schema: { params: idParams, response: { 200: customerResponse, ...withNotFound } } },
    async (request) => getCustomer(app.db, request.params.id),
  );

  app.post(
    '/customers',
    { schema: { body: createCustomerBody, response: { 201: customerResponse, ...errors, 409: errorResponse, ...gone } } },
    async (request, reply) => {
      const customer = await createCustomer(request.db, request.user.id, request.body);
      reply.status(201);
      return customer;
    },
  );

  app.put(
    '/customers/:id',
    { schema: { params: idParams, body: updateCustomerBody, response: { 200: customerResponse, ...withNotFound, ...gone } } },
    async (request) => updateCustomer(request.db, request.params.id, request.body),
  );

  app.delete(
    '/customers/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...withNotFound, ...gone } } },
    async (request, reply) => {
      await deleteCustomer(request.db, request.params.id);
      reply.status(204);
      return null;
    },
  );
}
