import type { z } from 'zod';
import type { TemplateStatus } from '@shared/constants';
import type {
  createEmailTemplateBody,
  EmailTemplate,
  EmailTemplateListQuery,
  updateEmailTemplateBody,
} from '@shared/schemas/email-template';
import type { Db } from '@api/db/database';
import { isUniqueViolation } from '@api/db/errors';
import type { EmailTemplateRow } from '@api/db/tables';
import type { ListPage } from '@api/lib/list';
import { conflict, notFound } from '@api/lib/http-error';
import { newId, nowIso } from '@api/lib/tokens';
import {
  countTemplates,
  deleteTemplate,
  findTemplateById,
  insertTemplate,
  listTemplates,
  updateTemplate,
} from './email-template.repository';

const NOT_FOUND = 'Email template not found';
const ALREADY_EXISTS = 'Email template already exists';

export function toEmailTemplate(row: EmailTemplateRow): EmailTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    subject: row.subject,
    body: row.body,
    status: row.status as TemplateStatus,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function listEmailTemplates(db: Db, query: EmailTemplateListQuery): Promise<ListPage<EmailTemplate>> {
  const filters = { q: query.q, status: query.status };
  const [rows, total] = await Promise.all([listTemplates(db, filters, query), countTemplates(db, filters)]);
  return { items: rows.map(toEmailTemplate), total };
}

export async function getEmailTemplate(db: Db, id: string): Promise<EmailTemplate> {
  const row = await findTemplateById(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return toEmailTemplate(row);
}

export async function createEmailTemplate(
  db: Db,
  body: z.output<typeof createEmailTemplateBody>,
): Promise<EmailTemplate> {
  const id = body.id ?? newId();
  // A client-made id that is already taken (a repeated create) never makes a second row.
  if (body.id && (await findTemplateById(db, body.id))) throw conflict(ALREADY_EXISTS);
  const now = nowIso();
  try {
    await insertTemplate(db, {
      id,
      name: body.name,
      description: body.description,
      subject: body.subject,
      body: body.body,
      status: body.status,
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_EXISTS);
    throw err;
  }
  return getEmailTemplate(db, id);
}

export async function updateEmailTemplate(
  db: Db,
  id: string,
  body: z.output<typeof updateEmailTemplateBody>,
): Promise<EmailTemplate> {
  const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<
    z.output<typeof updateEmailTemplateBody>
  >;
  // An empty update changes nothing, not even updatedAt.
  if (Object.keys(changes).length === 0) return getEmailTemplate(db, id);
  const updated = await updateTemplate(db, id, { ...changes, updatedAt: nowIso() });
  if (!updated) throw notFound(NOT_FOUND);
  return getEmailTemplate(db, id);
}

export async function removeEmailTemplate(db: Db, id: string): Promise<void> {
  if (!(await deleteTemplate(db, id))) throw notFound(NOT_FOUND);
}
