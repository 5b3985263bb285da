import { createHash } from 'node:crypto';
import { z } from 'zod';
import { inspectionResponse, type Inspection } from '@shared/schemas/inspection';
import { serializerFor } from '@api/plugins/serializer';

/**
 * Raise when the mapping from rows to an inspection's answer changes without its schema changing
 * (a computed field written differently): documents stored in another format are then rebuilt.
 */
const MAPPING_VERSION = 1;

/** The format of a stored document: the answer's schema and the mapping's version. */
export const DOCUMENT_SHAPE = createHash('sha256')
  .update(
    `${MAPPING_VERSION}:${JSON.stringify(z.toJSONSchema(inspectionResponse, { io: 'output', unrepresentable: 'any' }))}`,
  )
  .digest('base64url')
  .slice(0, 22);

/** The inspection as `GET /api/inspections/:id` writes it: the route's own serializer. */
export const serializeInspection: (inspection: Inspection) => string = serializerFor(inspectionResponse);
