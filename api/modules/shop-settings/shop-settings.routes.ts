import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shopSettingsBody, shopSettingsResponse } from '@shared/schemas/shop-settings';
import { requireRole } from '@api/plugins/auth';
import { errorsFor } from '@api/lib/replies';
import { getShopSettings, updateShopSettings } from './shop-settings.service';

// Admin only; the staff scope has already required a signed-in user.
export async function shopSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireRole('admin');

  app.get(
    '/shop-settings',
    { onRequest: adminOnly, schema: { response: { 200: shopSettingsResponse, ...errorsFor(401, 403) } } },
    async (request) => getShopSettings(request.db),
  );

  app.put(
    '/shop-settings',
    {
      onRequest: adminOnly,
      schema: { body: shopSettingsBody, response: { 200: shopSettingsResponse, ...errorsFor(400, 401, 403) } },
    },
    async (request) => updateShopSettings(request.db, request.body),
  );
}
