import type { FastifyInstance } from 'fastify';
import { publicInspectionRoutes } from './public-inspection.routes';
import { publicInvoiceMediaRoutes } from './public-invoice-media.routes';
import { publicInvoiceRoutes } from './public-invoice.routes';
import { publicMediaRoutes } from './public-media.routes';

/** Share-page calls: no session needed (and none created), scoped by the share token. */
export async function publicRoutes(app: FastifyInstance): Promise<void> {
  await app.register(publicInspectionRoutes);
  await app.register(publicInvoiceRoutes);
  await app.register(publicMediaRoutes);
  await app.register(publicInvoiceMediaRoutes);
}
