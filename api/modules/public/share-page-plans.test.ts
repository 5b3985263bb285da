import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '@api/test/database';
import { createInspection, createInvoiceFor, createUser } from '@api/test/factories';
import { planRecorder } from '@api/test/query-plans';
import { findReportByToken } from './public-inspection.repository';
import { findInvoicePageByToken } from './public-invoice.repository';
import { findInspectionIdByToken } from '@api/modules/inspections/inspection.repository';
import { findInvoiceByToken } from '@api/modules/invoices/invoice.repository';

// SQLite's query plans for the share pages' one statement each: every part of the page is found
// through an index, none sorts, and no table is read whole.
const sqlite = testDatabaseKind() === 'sqlite';
const database = await createTestDatabase();
afterAll(() => database.drop());

const { db, plans } = planRecorder(database.db);

await createUser(database.db, { role: 'admin' });
await createUser(database.db, { role: 'technician' });
const inspection = await createInspection(database.db);
const invoice = await createInvoiceFor(database.db, inspection);

/** A step that reads a whole table (the line items read by index are a derived table). */
const BARE_SCAN =
  /^SCAN (users|inspections|inspection_documents|invoices|invoice_line_items|service_decisions|media|shop_settings|share_sends)\b/m;

describe.runIf(sqlite)('share page query plans on SQLite', () => {
  it.each([
    ['report', () => findReportByToken(db, inspection.shareToken!)],
    ['receipt', () => findInvoicePageByToken(db, invoice.shareToken)],
  ] as const)('%s: one statement, found by its token, nothing sorted or scanned', async (_name, run) => {
    const statements = await plans(run);
    expect(statements).toHaveLength(1);
    const steps = statements[0]!;
    expect(steps).toMatch(/SEARCH (inspections|invoices) USING INDEX \w+ \(share_token=\?\)/);
    expect(steps).toContain('SEARCH users USING INDEX users_role_created (role=?)');
    expect(steps).not.toContain('USE TEMP B-TREE');
    expect(steps).not.toMatch(BARE_SCAN);
  });

  // The decisions' and photos' lookups: the link's life (its last send, the lifetime setting) comes
  // in the same statement as the row.
  it.each([
    ['report decision', () => findInspectionIdByToken(db, inspection.shareToken!)],
    ['receipt decision', () => findInvoiceByToken(db, invoice.shareToken)],
  ] as const)('%s: one statement, found by its token, its sends by index', async (_name, run) => {
    const statements = await plans(run);
    expect(statements).toHaveLength(1);
    const steps = statements[0]!;
    expect(steps).toMatch(/SEARCH (inspections|invoices) USING INDEX \w+ \(share_token=\?\)/);
    expect(steps).toMatch(/SEARCH s USING (COVERING )?INDEX share_sends_\w+ \((inspection|invoice)_id=\?\)/);
    expect(steps).not.toContain('USE TEMP B-TREE');
    expect(steps).not.toMatch(BARE_SCAN);
  });
});
