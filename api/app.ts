import { MEDIA_UPLOAD_PATH } from '@shared/constants';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/database';
import { createMailer, type Mailer } from './lib/mailer';
import { requireUserInScope } from './plugins/auth';
import {
  MAX_PARAM_LENGTH,
  answerClientError,
  answerFrameworkError,
  apiNotFound,
  literalPercents,
  registerErrorHandling,
} from './plugins/errors';
import { makeWritesIdempotent, registerRequestDb, scheduleSyncPrunes } from './plugins/idempotency';
import { registerOpenApi } from './plugins/openapi';
import { registerOriginCheck } from './plugins/origin-check';
import { registerRequestLogs } from './plugins/request-logs';
import { registerSecurityHeaders, SHARE_PAGE } from './plugins/security-headers';
import { checkWrittenAnswers, createSerializerCompiler } from './plugins/serializer';
import { registerSessions } from './plugins/session';
import { registerTurns } from './plugins/turns';
import { authRoutes } from './modules/auth/auth.routes';
import { customerRoutes } from './modules/customers/customer.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { deferredRoutes } from './modules/deferred/deferred.routes';
import { createMediaRuntime, type MediaRuntime } from './modules/media/media-runtime';
import { mediaRoutes } from './modules/media/media.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { emailTemplateRoutes } from './modules/email-templates/email-template.routes';
import { inspectionRoutes } from './modules/inspections/inspection.routes';
import { inviteRoutes } from './modules/invites/invite.routes';
import { invoiceRoutes } from './modules/invoices/invoice.routes';
import { publicRoutes } from './modules/public/public.routes';
import { scheduleInterruptedEmailCheck } from './modules/sends/interrupted-emails';
import { sendRoutes } from './modules/sends/send.routes';
import { serviceRoutes } from './modules/inspections/service.routes';
import { decisionRoutes } from './modules/decisions/decision.routes';
import { shopSettingsRoutes } from './modules/shop-settings/shop-settings.routes';
import { syncRoutes } from './modules/sync/sync.routes';
import { userRoutes } from './modules/users/user.routes';
import { vehicleRoutes } from './modules/vehicles/vehicle.routes';
import { keepInspectionDocuments } from './modules/inspections/inspection-documents';
import { scheduleSearchUpkeep } from './lib/text-search';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    /** Every route as "METHOD /url", for the role × route check. */
    routeList: string[];
    /** The time in ms since the epoch; tests pass their own clock instead of waiting. */
    clock: () => number;
    /** Every route's options (schemas, hooks), for the tests that drive each route. */
    registeredRoutes: RouteOptions[];
    /** Sends the shop's email through SMTP_URL; null when it is not set. */
    mailer: Mailer | null;
    /** Where photos and videos are stored, their background copies and clean-up. */
    media: MediaRuntime;
    /** Whether the periodic upkeep (`api/lib/periodic.ts`) runs in this app. */
    runsUpkeep: boolean;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** Folder of the built web app to serve; none in API tests. */
  webRoot?: string | undefined;
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Replaces Date.now for the sign-in throttle (tests move time forward without sleeping). */
  clock?: () => number;
  /**
   * Every response also goes through zod, and the compiled serializer must write the same; an answer
   * sent as text already written must be what its schema writes (tests).
   */
  checkSerialization?: boolean;
  /**
   * The upkeep at start and hourly (sync prunes, emails left sending, media chores); default on.
   * Off for a test that counts one request's queries: the upkeep's would land in its count.
   */
  upkeep?: boolean;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Answers smaller than this are sent as they are (the plugin's default). */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * How the API's answers are compressed: made per request, so at the cheap end of each codec, and in
 * one call rather than through a stream. Brotli quality 2 (the plugin's default is 4) and gzip level 3
 * (zlib's is 6) cost about half as much for 2-10% more bytes. Above 8 KB on two cores the plugin
 * compressed through a stream, making a new compressor with its buffers for every answer: the
 * inspection list page (65 KB) cost about 2 ms more CPU with `br` than without. Answers up to 1 MB are
 * now compressed in one synchronous call, larger ones still streamed (docs/performance.md,
 * "Compressed answers"). Browsers send `br` only over HTTPS; over plain HTTP they get gzip.
 */
const API_COMPRESSION = {
  threshold: COMPRESS_THRESHOLD_BYTES,
  syncThreshold: 1024 * 1024,
  brotliOptions: {
    params: {
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_QUALITY]: 2,
    },
  },
  zlibOptions: { level: 3 },
};

/** Share and invite tokens grant access: logs (and whoever reads them) get the path without them. */
const TOKEN_IN_PATH =
  /^(\/api\/public\/(?:inspections|invoices)\/|\/api\/invites\/|\/(?:mpi|invoice|receipt|invite)\/)[^/?]+/;
export const redactTokens = (url: string): string => url.replace(TOKEN_IN_PATH, '$1[token]');

function logRequest(request: { method: string; url: string; ip?: string }) {
  return { method: request.method, url: redactTokens(request.url), remoteAddress: request.ip };
}

/**
 * Media files outlive their rows until the sweep: it runs after every successful delete or change
 * (a service or inspection may have taken media with it).
 */
function registerMediaUpkeep(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // Not the chunks of an upload: a finished upload sweeps by itself when it may leave a file.
    const write = ['DELETE', 'PUT', 'PATCH'].includes(request.method) && reply.statusCode < 300;
    if (write && request.url.startsWith('/api/') && !request.url.startsWith(MEDIA_UPLOAD_PATH)) {
      void app.media.sweep();
    }
    done();
  });
  app.addHook('onReady', async () => {
    // Files a stopped process was preparing are of no use now (its uploads are finished from staging).
    // Copies left unmade are resumed by the media upkeep (media-upkeep.ts), at start and hourly.
    await app.media
      .clearStaleWork()
      .catch((err: unknown) => app.log.warn({ err }, 'could not clear the media work folder'));
  });
  app.addHook('onClose', async () => app.media.idle());
}

/** Builds the app without listening: server.ts listens, tests use `app.inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger
      ? { ...(options.logger === true ? {} : options.logger), serializers: { req: logRequest } }
      : false,
    // Fastify's two lines per request only when asked for (LOG_REQUESTS, LOG_LEVEL=debug): at a
    // busy counter they are most of what the server writes (docs/operations.md).
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    rewriteUrl: (request) => literalPercents(request.url ?? '/'),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ check: options.checkSerialization }));
  if (options.checkSerialization) checkWrittenAnswers(app);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? Date.now);
  app.decorate('runsUpkeep', options.upkeep ?? true);
  app.decorate('mailer', createMailer(config.smtpUrl, config.smtpFrom));
  app.decorate('media', createMediaRuntime(config, db, app.log));
  registerMediaUpkeep(app);
  app.decorate('registeredRoutes', [] as RouteOptions[]);
  app.decorate('routeList', {
    getter: () =>
      app.registeredRoutes.flatMap((route) =>
        [route.method]
          .flat()
          .filter((m) => m !== 'HEAD')
          .map((m) => `${m} ${route.url}`),
      ),
  });
  app.addHook('onRoute', (route) => {
    app.registeredRoutes.push(route);
  });

  registerErrorHandling(app);
  if (options.logger) registerRequestLogs(app, { all: config.logRequests, slowMs: config.logSlowMs });
  registerTurns(app);

  const webRoot = options.webRoot && existsSync(path.join(options.webRoot, 'index.html')) ? options.webRoot : undefined;
  registerSecurityHeaders(app, { webRoot, trustProxy: config.trustProxy });
  // Phones on mobile data get the app and the JSON gzip- or brotli-compressed. The API's answers are
  // compressed as they are made, at the codecs' cheap levels (`API_COMPRESSION`); the app's files at
  // the plugin's defaults. Set before the plugin's own onRoute hook reads it.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.compress === undefined) route.compress = API_COMPRESSION;
  });
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD_BYTES });
  // The API reads JSON (and the upload's bytes): a text body is refused with 415, not read as a
  // string for the schema to reject as a 400.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body (as an approve button may send) is no body, not a parse error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  registerOriginCheck(app);
  registerSessions(app, { db, secret: config.sessionSecret });
  registerRequestDb(app, db);
  scheduleSyncPrunes(app, db);
  scheduleSearchUpkeep(app, db);
  keepInspectionDocuments(app, db);
  scheduleInterruptedEmailCheck(app, db);

  // API answers are never cached by browsers, proxies or the service worker.
  // Media files are the exception: their URLs name their content's version (immutable).
  app.addHook('onSend', (request, reply, payload, done) => {
    // An error is never cached, even one raised after a file's own header was set.
    const cacheable = reply.statusCode < 400 && String(reply.getHeader('Cache-Control') ?? '').includes('immutable');
    if (request.url.startsWith('/api/') && !cacheable) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  // Before the routes: it collects each one as it is added.
  await registerOpenApi(app, { db, bodyLimit: BODY_LIMIT_BYTES });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(publicRoutes, { prefix: '/api/public' });
  await app.register(
    async (staff) => {
      requireUserInScope(staff, db);
      // Before the routes: it wraps each write route as it is added.
      makeWritesIdempotent(staff, db);
      await staff.register(customerRoutes);
      await staff.register(vehicleRoutes);
      await staff.register(inspectionRoutes);
      await staff.register(serviceRoutes);
      await staff.register(decisionRoutes);
      await staff.register(invoiceRoutes);
      await staff.register(userRoutes);
      await staff.register(inviteRoutes);
      await staff.register(shopSettingsRoutes);
      await staff.register(emailTemplateRoutes);
      await staff.register(dashboardRoutes);
      await staff.register(reportRoutes);
      await staff.register(sendRoutes);
      await staff.register(syncRoutes);
      await staff.register(deferredRoutes);
      await staff.register(mediaRoutes);
    },
    { prefix: '/api' },
  );

  const hasSharePages = Boolean(webRoot && existsSync(path.join(webRoot, 'share.html')));
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes a .br and a .gz beside each text file (vite.config.ts): sent as they are,
      // compressed once at the codecs' best; a file without one is compressed as it is sent.
      preCompressed: true,
      // Built assets carry a content hash in their name, so they never change; the rest revalidates.
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Which copy is sent (the file, its .br or its .gz) depends on Accept-Encoding.
        res.setHeader('Vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/') || !webRoot || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send(apiNotFound());
    }
    reply.header('Cache-Control', 'no-cache');
    if (SHARE_PAGE.test(url) && hasSharePages) {
      // Share links must not be indexed (their Referrer-Policy is set with the other security headers).
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      return reply.type('text/html; charset=utf-8').sendFile('share.html');
    }
    // Client-side routes (and the 404 page) are drawn by the staff app.
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });

  return app;
}
