import type { z } from 'zod';
import { readsChecked } from '@api/db/checked-reads';
import type { Db } from '@api/db/database';
import { serializerFor } from './serializer';
import { JsonText, type JsonPart } from '@api/lib/json-text';

/**
 * An answer written in parts (a share page, a change-feed page: parts kept, or written by the
 * database, the rest by the writers of the schema's own fields). When checking (the tests' apps) it must
 * match its schema and be exactly what the whole schema's writer writes for the same data.
 */
export function writtenInParts(db: Db, schema: z.ZodType, ...parts: string[]): JsonText {
  return new JsonText(...checkedParts(db, schema, parts));
}

/** `writtenInParts` for parts that may be bytes: the same parts, checked when checking. */
export function checkedParts<P extends readonly JsonPart[]>(db: Db, schema: z.ZodType, parts: P): P {
  if (!readsChecked(db)) return parts;
  const text = parts.map((part) => part.toString()).join('');
  const data = schema.parse(JSON.parse(text));
  const whole = serializerFor(schema)(data);
  if (whole !== text) throw new Error(`answer written in parts differs from its schema's writer:\n${text}\n${whole}`);
  return parts;
}
