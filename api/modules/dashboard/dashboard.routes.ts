import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/schemas/common';
import { dashboardStatsQuery, dashboardStatsResponse } from '../../../shared/schemas/dashboard';
import { dashboardStats } from './dashboard.service';

export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/dashboard/stats',
    {
      schema: {
        querystring: dashboardStatsQuery,
        response: { 200: dashboardStatsResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => dashboardStats(app.db, request.query),
  );
}
