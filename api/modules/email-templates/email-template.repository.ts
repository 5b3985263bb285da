import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '@api/db/database';
import type { EmailTemplateRow, EmailTemplatesTable } from '@api/db/tables';
import { matchesAny, paginate, type Page } from '@api/lib/list';

export interface TemplateFilters {
  q?: string | undefined;
  status?: string | undefined;
}

function filtered(db: Db, filters: TemplateFilters) {
  let query = db.selectFrom('emailTemplates');
  if (filters.q) {
    const q = filters.q;
    query = query.where((eb) => matchesAny(db, eb, ['name', 'subject', 'body'], q));
  }
  if (filters.status) query = query.where('status', '=', filters.status);
  return query;
}

export function listTemplates(db: Db, filters: TemplateFilters, page: Page): Promise<EmailTemplateRow[]> {
  // Name order ignores case; the id keeps equal names in a stable order across pages.
  const query = filtered(db, filters)
    .selectAll()
    .orderBy(sql`lower(name)`)
    .orderBy('name')
    .orderBy('id');
  return paginate(query, page).execute();
}

export async function countTemplates(db: Db, filters: TemplateFilters): Promise<number> {
  const row = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findTemplateById(db: Db, id: string): Promise<EmailTemplateRow | undefined> {
  return db.selectFrom('emailTemplates').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTemplate(db: Db, row: Insertable<EmailTemplatesTable>): Promise<void> {
  await db.insertInto('emailTemplates').values(row).execute();
}

/** Returns whether a row was there to update. */
export async function updateTemplate(db: Db, id: string, changes: Updateable<EmailTemplatesTable>): Promise<boolean> {
  const result = await db.updateTable('emailTemplates').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Returns whether a row was deleted. */
export async function deleteTemplate(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('emailTemplates').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
