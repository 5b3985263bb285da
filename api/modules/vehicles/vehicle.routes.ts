import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams } from '../../../shared/schemas/common';
import {
  createVehicleBody,
  customerVehicleListQuery,
  updateVehicleBody,
  vehicleListQuery,
  vehicleResponse,
} from '../../../shared/schemas/vehicle';
import { setTotalCount } from '../../lib/list';
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
  const errors = { 400: errorResponse, 401: errorResponse };
  // Writes to a row deleted elsewhere (or naming one) answer 410 (offline sync).
  const gone = { 410: errorResponse };
  const withNotFound = { ...errors, 404: errorResponse };
  const vehicleList = z.array(vehicleResponse);

  app.get(
    '/customers/:id/vehicles',
    { schema: { params: idParams, querystring: customerVehicleListQuery, response: { 200: vehicleList, ...withNotFound } } },
    async (request, reply) => {
      const { vehicles, total } = await listCustomerVehicles(app.db, request.params.id, request.query);
      setTotalCount(reply, total);
      return vehicles;
    },
  );

  app.get(
    '/vehicles',
    { schema: { querystring: vehicleListQuery, response: { 200: vehicleList, ...errors } } },
    async (request, reply) => {
      const { vehicles, total } = await listVehicles(app.db, request.query);
      setTotalCount(reply, total);
      return vehicles;
    },
  );

  app.get(
    '/vehicles/:id',
    { schema: { params: idParams, response: { 200: vehicleResponse, ...withNotFound } } },
    async (request) => getVehicle(app.db, request.params.id),
  );

  app.post(
    '/vehicles',
    { schema: { body: createVehicleBody, response: { 201: vehicleResponse, ...errors, 409: errorResponse, ...gone } } },
    async (request, reply) => {
      const vehicle = await createVehicle(request.db, request.user.id, request.body);
      reply.status(201);
      return vehicle;
    },
  );

  // PATCH is the documented call; PUT on the same path does the same partial update, like the other entities.
  app.route({
    method: ['PATCH', 'PUT'],
    url: '/vehicles/:id',
    schema: { params: idParams, body: updateVehicleBody, response: { 200: vehicleResponse, ...withNotFound, ...gone } },
    handler: async (request) => updateVehicle(request.db, request.params.id, request.body),
  });

  app.delete(
    '/vehicles/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...withNotFound, ...gone } } },
    async (request, reply) => {
      await deleteVehicle(request.db, request.params.id);
      reply.status(204);
      return null;
    },
  );
}
