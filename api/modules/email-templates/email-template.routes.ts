import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@shared/schemas/common';
import {
  createEmailTemplateBody,
  emailTemplateListQuery,
  emailTemplateResponse,
  updateEmailTemplateBody,
} from '@shared/schemas/email-template';
import { readRoutes } from '@api/lib/read-routes';
import { created, errorsFor, noContent } from '@api/lib/replies';
import { requireRole } from '@api/plugins/auth';
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

  readRoutes(app, '/email-templates', {
    query: emailTemplateListQuery,
    item: emailTemplateResponse,
    list: listEmailTemplates,
    get: getEmailTemplate,
  });

  app.post(
    '/email-templates',
    {
      onRequest: adminOnly,
      schema: {
        body: createEmailTemplateBody,
        response: { 201: emailTemplateResponse, ...errorsFor(400, 401, 403, 409) },
      },
    },
    async (request, reply) => created(reply, createEmailTemplate(request.db, request.body)),
  );

  app.put(
    '/email-templates/:id',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        body: updateEmailTemplateBody,
        response: { 200: emailTemplateResponse, ...errorsFor(400, 401, 403, 404) },
      },
    },
    async (request) => updateEmailTemplate(request.db, request.params.id, request.body),
  );

  app.delete(
    '/email-templates/:id',
    {
      onRequest: adminOnly,
      schema: { params: idParams, response: { 204: z.null(), ...errorsFor(400, 401, 403, 404) } },
    },
    async (request, reply) => noContent(reply, removeEmailTemplate(request.db, request.params.id)),
  );
}
