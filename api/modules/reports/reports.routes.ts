import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse } from '@shared/schemas/common';
import { funnelQuery, funnelResponse } from '@shared/schemas/reports';
import { requireRole } from '@api/plugins/auth';
import { funnelReport } from './funnel.service';

// Reports compare people and revenue: admins and service advisors see them, technicians do not.
export async function reportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/reports/funnel',
    {
      onRequest: requireRole('admin', 'service_advisor'),
      schema: {
        querystring: funnelQuery,
        response: { 200: funnelResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => funnelReport(app.db, request.query),
  );
}
