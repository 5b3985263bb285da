import { sql } from 'kysely';
import { compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import { idIn } from '@api/lib/id-list';
import { DOCUMENT_SHAPE } from './inspection-document.format';

/** A document's row: its version, and its body when one of the current format is stored. */
export interface DocumentRow {
  inspectionId: string;
  version: number;
  body: string | null;
}

/** The stored body when it is of the current format, else null (`body`). */
export function documentBody() {
  const shape = sql.ref('inspectionDocuments.shape');
  const body = sql.ref('inspectionDocuments.body');
  return sql<string | null>`case when ${shape} = ${DOCUMENT_SHAPE} then ${body} else null end`.as('body');
}

const documentRows = compiledOnce((db, ids) =>
  db
    .selectFrom('inspectionDocuments')
    .select(['inspectionId', 'version', documentBody()])
    .where(idIn(db, 'inspectionId', ids)),
);

export async function findDocuments(db: Db, ids: readonly string[]): Promise<DocumentRow[]> {
  return (await documentRows(db, ids)).map((row) => ({ ...row, version: Number(row.version) }));
}

/** How many documents one transaction builds. */
export const BUILD_BATCH = 100;

const toBuild = compiledOnce((db, [after]) =>
  db
    .selectFrom('inspectionDocuments')
    .select(['inspectionId', 'version'])
    .where('shape', 'is', null)
    .where('inspectionId', '>', after!)
    .orderBy('inspectionId')
    .limit(BUILD_BATCH),
);

/** Documents without a body, in id order after `after`: the next to build. */
export async function findDocumentsToBuild(db: Db, after: string): Promise<DocumentRow[]> {
  const rows = await toBuild(db, [after]);
  return rows.map((row) => ({ inspectionId: row.inspectionId, version: Number(row.version), body: null }));
}

/** Clears the bodies written in another format (after an upgrade), so they are built again. */
export async function clearOtherShapes(db: Db): Promise<void> {
  await db
    .updateTable('inspectionDocuments')
    .set({ shape: null, body: null })
    .where((eb) => eb.or([eb('shape', '<', DOCUMENT_SHAPE), eb('shape', '>', DOCUMENT_SHAPE)]))
    .execute();
}

const store = compiledOnce((db, [inspectionId, version, body]) =>
  db
    .updateTable('inspectionDocuments')
    .set({ shape: DOCUMENT_SHAPE, body: body! })
    .where('inspectionId', '=', inspectionId!)
    .where('version', '=', sql<number>`cast(${version} as integer)`),
);

/**
 * Stores a document built from rows read after `version` was: only while the version is unchanged,
 * so a body built from rows that changed meanwhile is never kept.
 */
export async function storeDocument(db: Db, inspectionId: string, version: number, body: string): Promise<void> {
  await store(db, [inspectionId, String(version), body]);
}
