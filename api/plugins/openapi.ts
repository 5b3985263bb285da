import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_NAME } from '@shared/constants';
import { errorResponse, listHeaders, NEXT_CURSOR_HEADER } from '@shared/schemas/common';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_RETENTION_DAYS } from '@shared/schemas/sync';
import type { Db } from '@api/db/database';
import { HttpError } from '@api/lib/http-error';
import { REPO_ROOT } from '@api/lib/repo-root';
import { requireUser } from './auth';
import { commonErrorReasons, routeFacts, STATUS_TEXT } from './openapi-responses';
import { componentRegistry, tagFor, tagList } from './openapi-components';
import { SESSION_COOKIE } from './session';

export const OPENAPI_JSON = '/api/openapi.json';
export const DOCS_PAGE = '/api/docs';
/** The UI's own files (scripts, styles, icons): served, never described. */
export const DOCS_STATIC = `${DOCS_PAGE}/static/`;
const SIGN_IN_PAGE = '/auth';

const VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

type ResponseEntry = z.ZodType | { description?: string; content: Record<string, { schema: z.ZodType }> };
type Responses = Record<string, ResponseEntry>;

const json = (description: string, schema: z.ZodType): ResponseEntry => ({
  description,
  content: { 'application/json': { schema } },
});
const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
});

// The description's own routes have no zod response schemas (their answers are not serialized by one).
const DOCS_ROUTES: Record<string, { summary: string; response: Responses }> = {
  [OPENAPI_JSON]: {
    summary: 'This API description (OpenAPI 3.1)',
    response: { 200: json('The OpenAPI document', openApiDocument) },
  },
  [DOCS_PAGE]: {
    summary: 'The API description as a browsable page (Swagger UI)',
    response: {
      200: { description: 'The page', content: { 'text/html': { schema: z.string() } } },
      302: {
        description: `Not signed in and asking for HTML: a redirect to the sign-in page ${SIGN_IN_PAGE}`,
        content: { 'text/plain': { schema: z.string() } },
      },
    },
  },
  [`${DOCS_PAGE}/json`]: {
    summary: 'The API description, as the page loads it',
    response: { 200: json('The OpenAPI document', openApiDocument) },
  },
  [`${DOCS_PAGE}/yaml`]: {
    summary: 'The API description in YAML',
    response: {
      200: { description: 'The OpenAPI document', content: { 'application/x-yaml': { schema: z.string() } } },
    },
  },
};

// Documented only: the idempotency wrapper reads the header itself.
const idempotencyHeader = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/)
    .optional()
    .describe(
      `Makes a retry safe: the same request again replays the stored answer (kept ${IDEMPOTENCY_RETENTION_DAYS} days)`,
    ),
});

const isErrorEntry = (entry: ResponseEntry | undefined) => entry === undefined || entry === errorResponse;

/** The declared responses plus the errors the route's setup can give, each with why it happens. */
function describedResponses(route: RouteOptions, declared: Responses, bodyLimit: number): Responses {
  const reasons = commonErrorReasons(routeFacts(route), bodyLimit);
  const out: Responses = { ...declared };
  for (const status of new Set([...Object.keys(declared).map(Number), ...reasons.keys()])) {
    if (!isErrorEntry(declared[status])) continue;
    const why = reasons.get(status);
    const text = STATUS_TEXT[status] ?? 'Error';
    out[status] = json(why ? `${text}: ${why.join('; or ')}` : text, errorResponse);
  }
  return out;
}

function describe(bodyLimit: number) {
  const zodTransform = createJsonSchemaTransform({ schemaRegistry: componentRegistry, skipList: [] });
  return (document: Parameters<typeof zodTransform>[0]) => {
    const { url } = document;
    const route = document.route as RouteOptions;
    if (url.startsWith(DOCS_STATIC) || route.method === 'HEAD') return { schema: { hide: true }, url };
    const own = DOCS_ROUTES[url.replace(/\/$/, '')];
    const schema: FastifySchema & { hide?: boolean } = own ? { summary: own.summary } : { ...(document.schema ?? {}) };
    delete schema.hide;
    if (routeFacts(route).idempotent && !schema.headers) schema.headers = idempotencyHeader;
    schema.response = describedResponses(route, (own?.response ?? schema.response ?? {}) as Responses, bodyLimit);
    const result = zodTransform({ ...document, schema });
    const signedIn = routeFacts(route).signedIn;
    return { url, schema: { ...result.schema, tags: [tagFor(url)], security: signedIn ? [{ session: [] }] : [] } };
  };
}

interface Operation {
  tags?: string[];
  parameters?: { name: string; in: string }[];
  responses?: Record<string, { description: string; headers?: Record<string, unknown> }>;
}

/** A list (a query with `limit`) answers with its total, and, when it takes `after`, the next cursor. */
function addListHeaders(operation: Operation): void {
  const query = new Set((operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
  const ok = operation.responses?.['200'];
  if (!query.has('limit') || !ok) return;
  const names = Object.keys(listHeaders).filter((name) => name !== NEXT_CURSOR_HEADER || query.has('after'));
  ok.headers = Object.fromEntries(
    names.map((name) => {
      const {
        description,
        $schema: _dialect,
        ...schema
      } = z.toJSONSchema(listHeaders[name]!, { io: 'output' }) as Record<string, unknown>;
      return [name, { description, required: name !== NEXT_CURSOR_HEADER, schema }];
    }),
  );
}

/** After zod's components: generic descriptions for plain successes, the tag list, no unused input copies. */
function finish(transformObject: ReturnType<typeof createJsonSchemaTransformObject>) {
  return (document: Parameters<typeof transformObject>[0]) => {
    const result = transformObject(document) as {
      paths?: Record<string, Record<string, Operation>>;
      components?: { schemas?: Record<string, unknown> };
      tags?: unknown;
    };
    const used = new Set<string>();
    for (const operations of Object.values(result.paths ?? {})) {
      for (const operation of Object.values(operations)) {
        for (const tag of operation.tags ?? []) used.add(tag);
        addListHeaders(operation);
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (response.description === 'Default Response')
            response.description = STATUS_TEXT[Number(status)] ?? 'Response';
        }
      }
    }
    result.tags = tagList(used);
    const schemas = result.components?.schemas ?? {};
    const text = JSON.stringify(result.paths);
    for (const name of Object.keys(schemas)) {
      // zod's transform adds an input copy of every registered schema; keep those a request uses.
      if (name.endsWith('Input') && !text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
    }
    return result as ReturnType<typeof transformObject>;
  };
}

/** 401 as JSON; but a browser opening the docs page while signed out is sent to sign in. */
function docsGate(db: Db) {
  const signedIn = requireUser(db);
  return async function (request: FastifyRequest, reply: FastifyReply) {
    try {
      await signedIn(request, reply);
    } catch (err) {
      const page = (request.url.split('?')[0] ?? '').replace(/\/$/, '') === DOCS_PAGE;
      const browser = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
      if (err instanceof HttpError && err.statusCode === 401 && page && browser) return reply.redirect(SIGN_IN_PAGE);
      throw err;
    }
    return undefined;
  };
}

/**
 * The API description, generated from the routes' zod schemas when first asked for (then kept):
 * `GET /api/openapi.json` and the Swagger UI at `/api/docs`, for signed-in staff. Register it
 * before the routes, so it sees each one.
 */
export async function registerOpenApi(app: FastifyInstance, options: { db: Db; bodyLimit: number }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: PRODUCT_NAME,
        version: VERSION,
        description: `The ${PRODUCT_NAME} API: JSON over HTTP with cookie sessions. Errors are \`{ error, message }\` (validation errors add \`issues\`).`,
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie `POST /api/login` sets',
          },
        },
      },
    },
    transform: describe(options.bodyLimit),
    transformObject: finish(createJsonSchemaTransformObject({ schemaRegistry: componentRegistry })),
  });

  await app.register(async (docs) => {
    docs.addHook('onRequest', docsGate(options.db));
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, signedIn: true };
    });
    docs.get(OPENAPI_JSON, async () => app.swagger());
    // The page loads its scripts from files (no inline script), so the app's CSP holds for it unchanged.
    await docs.register(fastifySwaggerUi, {
      routePrefix: DOCS_PAGE,
      staticCSP: false,
      theme: { title: `${PRODUCT_NAME} API` },
      uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
      validatorUrl: false,
    });
  });
}
