import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_NAME } from '@shared/constants';
import { errorResponse } from '@shared/schemas/common';
import { acceptInviteBody, inviteTokenParams, publicInviteResponse } from '@shared/schemas/invite';
import {
  appConfigResponse,
  changePasswordBody,
  loginBody,
  LOGOUT_BODY_MESSAGE,
  logoutBody,
  registerBody,
  settingsBody,
  SIGN_UP_RECEIVED_MESSAGE,
  signUpReceivedResponse,
  userResponse,
  type User,
} from '@shared/schemas/user';
import { badRequest } from '@api/lib/http-error';
import { currentUser, requireUser } from '@api/plugins/auth';
import { acceptInvite, describeInvite } from '@api/modules/invites/invite.service';
import { signUpMode } from '@api/modules/shop-settings/shop-settings.service';
import { toUser } from '@api/modules/users/user.mapper';
import { changePassword, login, register, trustThisDevice, updateSettings } from './auth.service';
import { deviceCookieSigner, readDeviceId, setDeviceCookie } from './device-cookie';
import { spendAddressBudget } from './login-throttle';

/** A fresh session id for the signed-in user; the old session is destroyed (no fixation). */
async function startSession(request: FastifyRequest, user: User): Promise<void> {
  await request.session.regenerate();
  request.session.set('userId', user.id);
}

/** Ends the session in the store; the response tells the browser to drop the cookie. */
async function endSession(request: FastifyRequest): Promise<void> {
  await request.session.destroy();
}

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(app.db);
  // The current user and the password change answer an account that must change its password first.
  const signedInOrPending = requireUser(app.db, { allowPending: true, allowPasswordChange: true });
  const changingPassword = requireUser(app.db, { allowPasswordChange: true });
  const devices = deviceCookieSigner(app.config.sessionSecret);
  const errors = { 400: errorResponse, 401: errorResponse };
  /** The new account signs in on this device, which is then trusted for it like after a sign-in. */
  const signInNewAccount = async (request: FastifyRequest, reply: FastifyReply, user: User) => {
    const deviceId = await trustThisDevice(app.db, user.id, {
      deviceId: readDeviceId(request, devices),
      now: app.clock(),
    });
    setDeviceCookie(reply, devices, deviceId);
    await startSession(request, user);
  };

  // Says nothing of an empty shop (its sign-up reads closed) and names ADMIN_EMAIL only to administrators.
  app.get('/config', { schema: { response: { 200: appConfigResponse } } }, async (request) => {
    const user = await currentUser(app.db, request);
    const admin = user?.role === 'admin' && user.status === 'active' && user.mustChangePassword === 0;
    return {
      productName: PRODUCT_NAME,
      supportEmail: app.config.supportEmail,
      ...(admin ? { adminEmail: app.config.adminEmail } : {}),
      signUp: (await signUpMode(app.db)) === 'open' ? ('open' as const) : ('closed' as const),
      emailSending: app.mailer !== null,
    };
  });

  app.post(
    '/register',
    {
      schema: {
        body: registerBody,
        response: {
          201: userResponse,
          202: signUpReceivedResponse,
          400: errorResponse,
          403: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      // An open sign-up hashes a password: it spends from the address's budget like a failed sign-in.
      const result = await register(app.db, app.config, request.body, { address: request.ip, now: app.clock() }, () =>
        spendAddressBudget(app.db, request.ip, app.clock()),
      );
      // The same answer whether the username or email is taken: no session, no cookie.
      if (result === 'received') return reply.status(202).send({ message: SIGN_UP_RECEIVED_MESSAGE });
      await signInNewAccount(request, reply, result);
      return reply.status(201).send(result);
    },
  );

  // An invite link's page: what it offers, then the invitee's own username and password.
  app.get(
    '/invites/:token',
    {
      schema: {
        params: inviteTokenParams,
        response: { 200: publicInviteResponse, 400: errorResponse, 404: errorResponse, 410: errorResponse },
      },
    },
    async (request) => describeInvite(app.db, request.params.token),
  );

  app.post(
    '/invites/:token/accept',
    {
      schema: {
        params: inviteTokenParams,
        body: acceptInviteBody,
        response: {
          201: userResponse,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          410: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = await acceptInvite(app.db, app.config, request.params.token, request.body, {
        beforeHash: () => spendAddressBudget(app.db, request.ip, app.clock()),
      });
      await signInNewAccount(request, reply, user);
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/login',
    {
      // A 429 (throttled, or the hashing pool is full) carries Retry-After (api/plugins/errors.ts).
      schema: { body: loginBody, response: { 200: userResponse, ...errors, 429: errorResponse } },
    },
    async (request, reply) => {
      const { user, deviceId } = await login(app.db, app.config, request.body, {
        address: request.ip,
        deviceId: readDeviceId(request, devices),
        now: app.clock(),
      });
      // Renewed at every sign-in; sign-out keeps it, so this device stays known.
      setDeviceCookie(reply, devices, deviceId);
      await startSession(request, user);
      return user;
    },
  );

  app.post(
    '/logout',
    {
      // The validator sees "no body" and a JSON `null` body alike; only the first is allowed.
      preValidation: async (request) => {
        if (request.body === null) throw badRequest(LOGOUT_BODY_MESSAGE, [{ path: '', message: LOGOUT_BODY_MESSAGE }]);
      },
      schema: { body: logoutBody, response: { 204: z.null(), 400: errorResponse } },
    },
    async (request, reply) => {
      await endSession(request);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user',
    { onRequest: signedInOrPending, schema: { response: { 200: userResponse, 401: errorResponse } } },
    async (request) => toUser(request.user),
  );

  app.patch(
    '/user/password',
    { onRequest: changingPassword, schema: { body: changePasswordBody, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await changePassword(app.db, app.config, request.user.id, request.session.sessionId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/user/settings',
    {
      onRequest: signedIn,
      schema: { body: settingsBody, response: { 200: userResponse, ...errors, 409: errorResponse } },
    },
    async (request) => updateSettings(app.db, request.user.id, request.body),
  );
}
