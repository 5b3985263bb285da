import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@shared/schemas/common';
import { createdInviteResponse, createInviteBody, inviteListResponse } from '@shared/schemas/invite';
import { requireRole } from '@api/plugins/auth';
import { created, errorsFor, noContent } from '@api/lib/replies';
import { createInvite, listInvites, withdrawInvite } from './invite.service';

// The admin's side of invite links; the invitee's side is in the auth routes (no sign-in there).
export async function inviteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireRole('admin');

  app.get(
    '/invites',
    { onRequest: adminOnly, schema: { response: { 200: inviteListResponse, ...errorsFor(401, 403) } } },
    async (request) => listInvites(request.db),
  );

  app.post(
    '/invites',
    {
      onRequest: adminOnly,
      // The token must not be kept in the idempotency table: only its hash is stored anywhere.
      config: { storesReplay: false },
      schema: { body: createInviteBody, response: { 201: createdInviteResponse, ...errorsFor(400, 401, 403) } },
    },
    async (request, reply) => created(reply, createInvite(request.db, request.user, request.body)),
  );

  app.delete(
    '/invites/:id',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        response: { 204: z.null(), ...errorsFor(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => noContent(reply, withdrawInvite(request.db, request.params.id)),
  );
}
