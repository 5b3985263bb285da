import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardStatsQuery, dashboardStatsResponse } from '@shared/schemas/dashboard';
import { errorsFor } from '@api/lib/replies';
import { dashboardStats } from './dashboard.service';

export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/dashboard/stats',
    {
      schema: {
        querystring: dashboardStatsQuery,
        response: { 200: dashboardStatsResponse, ...errorsFor(400, 401) },
      },
    },
    async (request) => dashboardStats(app.db, request.query),
  );
}
