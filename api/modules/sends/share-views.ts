import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { refreshInspectionFunnel } from '../../db/inspection-funnel';
import { currentUser } from '../../plugins/auth';
import { isShareToken } from '../public/public-view';
import { ownerTable, type TargetKind } from './send.repository';

/** A signed-in, approved staff member opening a share page is a preview, not the customer's view. */
async function isStaffPreview(db: Db, request: FastifyRequest): Promise<boolean> {
  if (!request.session.get('userId')) return false;
  // The session store read the user along with the session: no extra query.
  const user = await currentUser(db, request);
  return user?.status === 'active';
}

/**
 * Counts a customer's view of the page whose share token this is, in ONE statement keyed by the
 * token (first view inserts, later ones move the last time and the count), so it runs alongside
 * the page's own read. An unknown token inserts nothing.
 */
async function upsertViewByToken(db: Db, kind: TargetKind, token: string, now: string): Promise<void> {
  const owner = ownerTable(kind);
  const counted = await db
    .insertInto('shareViews')
    .columns(['targetKind', 'targetId', 'firstViewedAt', 'lastViewedAt', 'viewCount'])
    .expression(
      db
        .selectFrom(owner)
        .select([
          sql.lit(kind).as('targetKind'),
          `${owner}.id`,
          sql<string>`cast(${now} as text)`.as('firstViewedAt'),
          sql<string>`cast(${now} as text)`.as('lastViewedAt'),
          sql.lit(1).as('viewCount'),
        ])
        .where(`${owner}.shareToken`, '=', token),
    )
    .onConflict((oc) =>
      oc.columns(['targetKind', 'targetId']).doUpdateSet((eb) => ({
        lastViewedAt: eb.ref('excluded.lastViewedAt'),
        viewCount: eb('shareViews.viewCount', '+', 1),
      })),
    )
    .returning(['targetId', 'viewCount'])
    .executeTakeFirst();
  // The first view of a report moves the funnel report's figures; later ones do not.
  if (kind === 'inspection' && counted && Number(counted.viewCount) === 1) await refreshInspectionFunnel(db, [counted.targetId]);
}

/**
 * Reads a share page and, unless a staff session is previewing it, records the customer's view
 * at the same time. A failed count is logged and never costs the customer the page.
 */
export async function withViewRecorded<T>(
  db: Db,
  request: FastifyRequest,
  target: { kind: TargetKind; token: string; now: number },
  load: () => Promise<T>,
): Promise<T> {
  const count = !isShareToken(target.token) || (await isStaffPreview(db, request))
    ? Promise.resolve()
    : upsertViewByToken(db, target.kind, target.token, new Date(target.now).toISOString()).catch((err: unknown) =>
        request.log.warn({ err }, 'share view not recorded'),
      );
  const [page] = await Promise.all([load(), count]);
  return page;
}
