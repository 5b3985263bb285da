import type { Db } from '@api/db/database';
import { DOCUMENT_SHAPE, serializeInspection } from '@api/modules/inspections/inspection-document.format';
import { getInspectionsByIds } from '@api/modules/inspections/inspection-assembly';

const BATCH = 200;

/**
 * Throws when a stored inspection document is not the answer its rows give now: a write changed a
 * row without its trigger clearing the document. The test apps run it when they close, so every API
 * test file looks for stale documents the way the server would have sent them.
 */
export async function expectDocumentsCurrent(db: Db): Promise<void> {
  const stored = await db
    .selectFrom('inspectionDocuments')
    .select(['inspectionId', 'body'])
    .where('shape', '=', DOCUMENT_SHAPE)
    .orderBy('inspectionId')
    .execute();
  for (let at = 0; at < stored.length; at += BATCH) {
    const batch = stored.slice(at, at + BATCH);
    const inspections = await getInspectionsByIds(
      db,
      batch.map((row) => row.inspectionId),
    );
    const fresh = new Map(inspections.map((inspection) => [inspection.id, serializeInspection(inspection)]));
    for (const { inspectionId, body } of batch) {
      if (fresh.get(inspectionId) !== body) {
        throw new Error(
          `stored document of inspection ${inspectionId} is stale: ${body} instead of ${fresh.get(inspectionId)}`,
        );
      }
    }
  }
}
