import type { z } from 'zod';
import { readsChecked } from '@api/db/checked-reads';
import type { Db } from '@api/db/database';
import { serializerFor } from './serializer';
import { JsonText } from '@api/lib/json-text';

/**
 * An answer written in parts (a share page, a change-feed page: parts kept, or written by the
 * database, the rest by the writers of the schema's own fields). When checking (the tests' apps) it must
 * match its schema and be exactly what the whole schema's writer writes for the same data.
 */
export function writtenInParts(db: Db, schema: z.ZodType, ...parts: string[]): JsonText {
  const answer = new JsonText(...parts);
  if (!readsChecked(db)) return answer;
  const text = answer.text;
  const data = schema.parse(JSON.parse(text));
  const whole = serializerFor(schema)(data);
  if (whole !== text) throw new Error(`answer written in parts differs from its schema's writer:\n${text}\n${whole}`);
  return answer;
}
