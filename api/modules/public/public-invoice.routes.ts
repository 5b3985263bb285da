import type { FastifyInstance } from 'fastify';

// Placeholder: the routes of this module land with their service and tests.
export async function publicInvoiceRoutes(_app: FastifyInstance): Promise<void> {}
