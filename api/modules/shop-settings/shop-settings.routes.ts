import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/schemas/common';
import { shopSettingsBody, shopSettingsResponse } from '../../../shared/schemas/shop-settings';
import { requireRole } from '../../plugins/auth';
import { getShopSettings, updateShopSettings } from './shop-settings.service';

// Admin only; the staff scope has already required a signed-in user.
export async function shopSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireRole('admin');
  const denied = { 401: errorResponse, 403: errorResponse };

  app.get(
    '/shop-settings',
    { onRequest: adminOnly, schema: { response: { 200: shopSettingsResponse, ...denied } } },
    async (request) => getShopSettings(request.db),
  );

  app.put(
    '/shop-settings',
    {
      onRequest: adminOnly,
      schema: { body: shopSettingsBody, response: { 200: shopSettingsResponse, 400: errorResponse, ...denied } },
    },
    async (request) => updateShopSettings(request.db, request.body),
  );
}
