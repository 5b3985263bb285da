import { compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import { shareLinkLifeColumns } from '@api/modules/inspections/share-link';
import { sharePageColumns, sharePageOf, sharePageRead, type SharePageRead, type SharePageRow } from './share-page.repository';

// Every view of a report runs it: compiled once. One statement instead of four (the inspection's
// id, the signature setting, the customer's approvals, whether there are media, the shop).
const reportByToken = compiledOnce((db, [token]) =>
  db
    .selectFrom('inspections')
    .select('inspections.id')
    .select(sharePageColumns(db, 'inspections.id'))
    .select(shareLinkLifeColumns(db, 'inspections'))
    .where('inspections.shareToken', '=', token!),
);

/** Everything a report page shows besides its inspection and media, found by the page's token. */
export async function findReportByToken(db: Db, token: string): Promise<SharePageRead<SharePageRow> | undefined> {
  const [row] = await reportByToken(db, [token]);
  return row && sharePageRead(row, row.id, sharePageOf);
}
