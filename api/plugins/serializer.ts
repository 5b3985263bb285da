import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };
type Serialize = (data: unknown) => string;
type SerializerCompiler = (route: Parameters<FastifySchemaCompiler<unknown>>[0] & { httpStatus?: string }) => Serialize;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);
/** Keywords that only validate: a compiled serializer writes the value without checking them. */
const CHECK_ONLY = new Set([
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'description',
  'title',
  'enum',
]);

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The JSON Schema a compiled serializer writes exactly as zod does, or null when it uses anything
 * whose meaning could differ (unions other than "or null", tuples, defaults, references, open objects).
 */
export function serializableSchema(schema: unknown): JsonSchema | null {
  if (!isObject(schema)) return null;
  const anyOf = schema.anyOf;
  if (anyOf !== undefined) {
    // `X | null` (zod's nullable) becomes a type list, which the serializer tells apart by the value.
    if (!Array.isArray(anyOf) || anyOf.length !== 2 || Object.keys(schema).length !== 1) return null;
    const nullIndex = anyOf.findIndex((s) => isObject(s) && s.type === 'null' && Object.keys(s).length === 1);
    const other = serializableSchema(anyOf[1 - nullIndex]);
    if (nullIndex < 0 || !other || typeof other.type !== 'string') return null;
    return { ...other, type: [other.type, 'null'] };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' || key === 'required' || key === '$schema') continue;
    if (CHECK_ONLY.has(key)) out[key] = value;
    else if (key !== 'properties' && key !== 'items' && key !== 'additionalProperties') return null;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const kinds = types.filter((t) => t !== 'null');
  if (kinds.length !== 1 || typeof kinds[0] !== 'string') return null;
  const kind = kinds[0];
  out.type = schema.type;
  if (PRIMITIVES.has(kind))
    return schema.properties || schema.items || schema.additionalProperties !== undefined ? null : out;
  if (kind === 'array') {
    const items = serializableSchema(schema.items);
    return items ? { ...out, items } : null;
  }
  if (kind !== 'object') return null;
  if (Array.isArray(schema.required)) out.required = schema.required;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const compiled: JsonSchema = {};
  for (const [name, property] of Object.entries(properties)) {
    const converted = serializableSchema(property);
    if (!converted) return null;
    compiled[name] = converted;
  }
  out.properties = compiled;
  // A closed object drops unknown keys, as zod does; a record's values follow one schema.
  if (schema.additionalProperties === false) out.additionalProperties = false;
  else if (Object.keys(properties).length === 0 && isObject(schema.additionalProperties)) {
    const values = serializableSchema(schema.additionalProperties);
    if (!values) return null;
    out.additionalProperties = values;
  } else return null;
  return out;
}

/**
 * Compiled writers by the JSON Schema they write, for the life of the process: routes answering
 * the same shape, in any app of the process, and text written ahead (stored documents) share one.
 */
const compiledBySchema = new Map<string, Serialize>();

/**
 * The fast serializer for a zod response schema, or null when it cannot write exactly what zod writes.
 * Routes answering the same shape (an inspection is the answer of a dozen routes) share one: each
 * compiled writer is code and source text held for the life of the process.
 */
function compileFast(schema: unknown): Serialize | null {
  if (!(schema instanceof z.ZodType)) return null;
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-07' });
  } catch {
    return null;
  }
  const converted = serializableSchema(json);
  if (!converted) return null;
  const key = JSON.stringify(converted);
  let serialize = compiledBySchema.get(key);
  if (!serialize) compiledBySchema.set(key, (serialize = fastJsonStringify(converted) as Serialize));
  return serialize;
}

/** The writers `serializerFor` made, by schema object: asked again, no JSON Schema is made again. */
const writerOfSchema = new WeakMap<z.ZodType, Serialize>();

/**
 * The serializer a route answering `schema` uses, for text written ahead of the request (stored
 * documents): the same compiled writer, or zod's checked JSON when the schema cannot be compiled.
 */
export function serializerFor(schema: z.ZodType): Serialize {
  let serialize = writerOfSchema.get(schema);
  if (!serialize) {
    serialize = compileFast(schema) ?? ((data) => JSON.stringify(schema.parse(data)));
    writerOfSchema.set(schema, serialize);
  }
  return serialize;
}

/**
 * Response serialisation compiled from each route's zod schema once (fast-json-stringify), instead of
 * checking every response against the schema at run time. Any schema it cannot express exactly keeps
 * zod's serializer. With `check`, every response also goes through zod and the two must agree (tests).
 */
export function createSerializerCompiler(options: { check?: boolean } = {}): SerializerCompiler {
  return (route) => {
    const zodSerialize = (zodSerializerCompiler as unknown as SerializerCompiler)(route);
    const fast = compileFast(route.schema);
    if (!fast) return zodSerialize;
    if (!options.check) return fast;
    return (data) => {
      const expected = zodSerialize(data);
      const actual = fast(data);
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(`compiled serializer of ${route.method} ${route.url} wrote ${actual}, zod wrote ${expected}`);
      }
      return actual;
    };
  };
}

/**
 * An answer sent as text already written (a stored document, rows written by the database) skips
 * the route's writer. With this hook (the tests' apps, `checkSerialization`) every such JSON text
 * answer of a route with a schema for its status must be, byte for byte, what that schema's writer
 * writes for it.
 */
export function checkWrittenAnswers(app: FastifyInstance): void {
  // Requests whose answer was an object, written by the route's writer (checked above): onSend skips them.
  const serialized = new WeakSet<object>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    serialized.add(request);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (serialized.has(request)) return payload;
    // A JSON text is sent as its UTF-8 bytes (`sendJsonText`).
    const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
    if (typeof text !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const schema = (reply.routeOptions.schema?.response as Record<string, unknown> | undefined)?.[reply.statusCode];
    if (!(schema instanceof z.ZodType)) return payload;
    const rewritten = serializerFor(schema)(schema.parse(JSON.parse(text)));
    if (rewritten !== text) {
      throw new Error(`${request.method} ${request.url} sent ${text}, its schema writes ${rewritten}`);
    }
    return payload;
  });
}
