import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams } from '../../../shared/schemas/common';
import {
  createEmailTemplateBody,
  emailTemplateListQuery,
  emailTemplateResponse,
  updateEmailTemplateBody,
} from '../../../shared/schemas/email-template';
import { setTotalCount } from '../../lib/list';
import { requireRole } from '../../plugins/auth';
import {
  createEmailTemplate,
  getEmailTemplate,
  listEmailTemplates,
  removeEmailTemplate,
  updateEmailTemplate,
} from './email-template.service';

// Every signed-in role views and copies templates; only admins create, edit and delete them.
export async function emailTemplateRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireRole('admin');
  const errors = { 400: errorResponse, 401: errorResponse };
  const writeErrors = { ...errors, 403: errorResponse, 404: errorResponse };

  app.get(
    '/email-templates',
    { schema: { querystring: emailTemplateListQuery, response: { 200: z.array(emailTemplateResponse), ...errors } } },
    async (request, reply) => {
      const { items, total } = await listEmailTemplates(app.db, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );

  app.get(
    '/email-templates/:id',
    { schema: { params: idParams, response: { 200: emailTemplateResponse, ...errors, 404: errorResponse } } },
    async (request) => getEmailTemplate(app.db, request.params.id),
  );

  app.post(
    '/email-templates',
    {
      onRequest: adminOnly,
      schema: { body: createEmailTemplateBody, response: { 201: emailTemplateResponse, ...errors, 403: errorResponse, 409: errorResponse } },
    },
    async (request, reply) => {
      reply.status(201);
      return createEmailTemplate(request.db, request.body);
    },
  );

  app.put(
    '/email-templates/:id',
    {
      onRequest: adminOnly,
      schema: { params: idParams, body: updateEmailTemplateBody, response: { 200: emailTemplateResponse, ...writeErrors } },
    },
    async (request) => updateEmailTemplate(request.db, request.params.id, request.body),
  );

  app.delete(
    '/email-templates/:id',
    { onRequest: adminOnly, schema: { params: idParams, response: { 204: z.null(), ...writeErrors } } },
    async (request, reply) => {
      await removeEmailTemplate(request.db, request.params.id);
      reply.status(204);
      return null;
    },
  );
}
