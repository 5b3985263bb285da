import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@shared/schemas/common';
import {
  createVehicleBody,
  customerVehicleListQuery,
  updateVehicleBody,
  vehicleListQuery,
  vehicleResponse,
} from '@shared/schemas/vehicle';
import { sendTextPage } from '@api/lib/list';
import { readRoutes } from '@api/lib/read-routes';
import { created, errorsFor, noContent } from '@api/lib/replies';
import {
  createVehicle,
  deleteVehicle,
  getVehicle,
  listCustomerVehicles,
  listVehicles,
  updateVehicle,
} from './vehicle.service';

export async function vehicleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const vehicleList = z.array(vehicleResponse);

  app.get(
    '/customers/:id/vehicles',
    {
      schema: {
        params: idParams,
        querystring: customerVehicleListQuery,
        response: { 200: vehicleList, ...errorsFor(400, 401, 404) },
      },
    },
    async (request, reply) => sendTextPage(reply, await listCustomerVehicles(app.db, request.params.id, request.query)),
  );

  readRoutes(app, '/vehicles', { query: vehicleListQuery, item: vehicleResponse, list: listVehicles, get: getVehicle });

  // Writes to a row deleted elsewhere (or naming one) answer 410 (offline sync).
  app.post(
    '/vehicles',
    { schema: { body: createVehicleBody, response: { 201: vehicleResponse, ...errorsFor(400, 401, 409, 410) } } },
    async (request, reply) => created(reply, createVehicle(request.db, request.user.id, request.body)),
  );

  // PATCH is the documented call; PUT on the same path does the same partial update, like the other entities.
  app.route({
    method: ['PATCH', 'PUT'],
    url: '/vehicles/:id',
    schema: {
      params: idParams,
      body: updateVehicleBody,
      response: { 200: vehicleResponse, ...errorsFor(400, 401, 404, 410) },
    },
    handler: async (request) => updateVehicle(request.db, request.params.id, request.body),
  });

  app.delete(
    '/vehicles/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...errorsFor(400, 401, 404, 410) } } },
    async (request, reply) => noContent(reply, deleteVehicle(request.db, request.params.id)),
  );
}
