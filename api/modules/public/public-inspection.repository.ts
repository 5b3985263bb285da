import { compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import { documentRefOf, inspectionsWithDocument, type DocumentRef } from '@api/modules/inspections/inspection-document.repository';
import { shareLinkLifeColumns } from '@api/modules/inspections/share-link';
import { sharePageColumns, sharePageOf, sharePageRead, type SharePageRead, type SharePageRow } from './share-page.repository';

// Every view of a report runs it: compiled once. One statement instead of five (the inspection's
// document, the signature setting, the customer's approvals, whether there are media, the shop).
const reportByToken = compiledOnce((db, [token]) =>
  inspectionsWithDocument(db)
    .select(sharePageColumns(db, 'inspections.id'))
    .select(shareLinkLifeColumns(db, 'inspections'))
    .where('inspections.shareToken', '=', token!),
);

export type ReportPageRow = SharePageRow & { document: DocumentRef };

/** Everything a report page shows besides its media, found by the page's token. */
export async function findReportByToken(db: Db, token: string): Promise<SharePageRead<ReportPageRow> | undefined> {
  const [row] = await reportByToken(db, [token]);
  return row && sharePageRead(row, row.id, () => ({ document: documentRefOf(row.id, row), ...sharePageOf(row) }));
}
