import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { REQUIRES, type Requirement } from './auth';

// The error answers a route can give because of how it is set up, not because of what its handler
// does: the API description adds them to the responses each route declares (docs/api-description.md).

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HOOK_NAMES = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

export interface RouteFacts {
  /** Fastify reads (and may refuse) a request body. */
  readsBody: boolean;
  /** A body, query string or path schema that some request fails. */
  validates: boolean;
  signedIn: boolean;
  /** Refuses accounts still waiting for an administrator's approval. */
  activeOnly: boolean;
  roleLimited: boolean;
  /** The cross-site check refuses it (`origin-check.ts`). */
  crossSiteChecked: boolean;
  idempotent: boolean;
}

const methodsOf = (route: Pick<RouteOptions, 'method'>): string[] =>
  Array.isArray(route.method) ? route.method : [route.method];

function hooksOf(route: RouteOptions): unknown[] {
  return HOOK_NAMES.flatMap((name) => {
    const hooks: unknown = route[name];
    return Array.isArray(hooks) ? (hooks as unknown[]) : hooks ? [hooks] : [];
  });
}

function requires(route: RouteOptions, requirement: Requirement): boolean {
  return hooksOf(route).some((hook) => (hook as { [REQUIRES]?: string } | null)?.[REQUIRES] === requirement);
}

/** JSON Schema of each property of a zod object (empty when it is not one). */
function propertySchemas(schema: unknown): Record<string, Record<string, unknown>> {
  if (!(schema instanceof z.ZodType)) return {};
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, Record<string, unknown>>;
  };
  return json.properties ?? {};
}

const constraintsOf = (property: Record<string, unknown>) =>
  Object.keys(property).filter((key) => key !== 'description');

/**
 * Whether some request fails the route's schemas. Any body can be of the wrong type; a query
 * parameter can be given twice (an array, not a string); path parameters are always strings,
 * so only a constrained one can fail.
 */
function validates(route: RouteOptions): boolean {
  const schema = route.schema ?? {};
  if (schema.body) return true;
  if (Object.values(propertySchemas(schema.querystring)).some((p) => constraintsOf(p).length > 0)) return true;
  return Object.values(propertySchemas(schema.params)).some((p) => {
    const keys = constraintsOf(p);
    return !(keys.length === 0 || (keys.length === 1 && p.type === 'string'));
  });
}

export function routeFacts(route: RouteOptions): RouteFacts {
  const methods = methodsOf(route);
  return {
    readsBody: methods.some((m) => BODY_METHODS.has(m)),
    validates: validates(route),
    signedIn: route.config?.signedIn === true || requires(route, 'user') || requires(route, 'session'),
    activeOnly: route.config?.signedIn === true || requires(route, 'user'),
    roleLimited: requires(route, 'role'),
    crossSiteChecked: methods.some((m) => !SAFE_METHODS.has(m)),
    idempotent: route.config?.idempotent === true,
  };
}

export const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  302: 'Found (a redirect)',
  400: 'Bad request',
  401: 'Not signed in',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone: the row was deleted',
  413: 'Request body too large',
  415: 'Unsupported content type',
  422: 'Unprocessable',
  429: 'Too many requests',
  500: 'Unexpected failure on the server',
};

const sizeText = (bytes: number) =>
  bytes % 1048576 === 0 ? `${bytes / 1048576} MiB` : `${Math.round(bytes / 1024)} KiB`;

/** Why each status may come back from this route, by how it is set up. */
export function commonErrorReasons(facts: RouteFacts, bodyLimitBytes: number): Map<number, string[]> {
  const reasons = new Map<number, string[]>();
  const add = (status: number, reason: string) => reasons.set(status, [...(reasons.get(status) ?? []), reason]);
  if (facts.readsBody) add(400, 'the body is not valid JSON (`invalid_json`)');
  if (facts.validates) add(400, 'a field fails validation (`validation_error`; `issues` lists each)');
  if (facts.idempotent) add(400, 'a malformed `Idempotency-Key` header');
  if (facts.signedIn) add(401, 'no session, or it ended (`unauthorized`)');
  if (facts.activeOnly) add(403, "the account still waits for an administrator's approval (`forbidden`)");
  if (facts.roleLimited) add(403, "the user's role may not do this (`forbidden`)");
  if (facts.crossSiteChecked) add(403, 'a cross-site request, by `Origin` or `Sec-Fetch-Site` (`forbidden`)');
  if (facts.idempotent) {
    add(409, 'a request with this `Idempotency-Key` is still being processed');
    add(422, 'this `Idempotency-Key` was already used for a different request (`unprocessable`)');
  }
  if (facts.readsBody) {
    add(413, `the body is larger than ${sizeText(bodyLimitBytes)} (\`payload_too_large\`)`);
    add(415, 'a body in a content type the API does not read; send JSON (`unsupported_media_type`)');
  }
  add(500, 'an unexpected failure (`internal_error`); never for bad input');
  return reasons;
}
