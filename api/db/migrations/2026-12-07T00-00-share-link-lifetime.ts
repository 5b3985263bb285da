import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// When a share link was last issued (made anew after a renewal, or after its inspection moved to
// another customer or vehicle). A link lives for the shop's setting from the later of this moment
// and its last send; null means since the row was created, which every link made before holds.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['inspections', 'invoices']) {
    await db.schema.alterTable(table).addColumn('share_token_at', 'text').execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['inspections', 'invoices']) {
    await db.schema.alterTable(table).dropColumn('share_token_at').execute();
  }
}
