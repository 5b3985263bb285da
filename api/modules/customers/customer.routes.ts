import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@shared/schemas/common';
import { createCustomerBody, customerListQuery, customerResponse, updateCustomerBody } from '@shared/schemas/customer';
import { readRoutes } from '@api/lib/read-routes';
import { created, errorsFor, noContent } from '@api/lib/replies';
import { createCustomer, deleteCustomer, getCustomer, listCustomers, updateCustomer } from './customer.service';

export async function customerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  readRoutes(app, '/customers', {
    query: customerListQuery,
    item: customerResponse,
    list: listCustomers,
    get: getCustomer,
  });

  // Writes to a row deleted elsewhere (or naming one) answer 410 (offline sync).
  app.post(
    '/customers',
    { schema: { body: createCustomerBody, response: { 201: customerResponse, ...errorsFor(400, 401, 409, 410) } } },
    async (request, reply) => created(reply, createCustomer(request.db, request.user.id, request.body)),
  );

  app.put(
    '/customers/:id',
    {
      schema: {
        params: idParams,
        body: updateCustomerBody,
        response: { 200: customerResponse, ...errorsFor(400, 401, 404, 410) },
      },
    },
    async (request) => updateCustomer(request.db, request.params.id, request.body),
  );

  app.delete(
    '/customers/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...errorsFor(400, 401, 404, 410) } } },
    async (request, reply) => noContent(reply, deleteCustomer(request.db, request.params.id)),
  );
}
