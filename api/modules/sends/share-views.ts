import type { FastifyRequest } from 'fastify';
import { SHARE_REFRESH_HEADER } from '@shared/constants';
import type { Db } from '@api/db/database';
import { currentUser } from '@api/plugins/auth';
import { isShareToken } from '@api/lib/tokens';
import type { TargetKind } from './send.repository';
import { viewRecorderOf } from './view-recorder';

/** A signed-in, approved staff member opening a share page is a preview, not the customer's view. */
async function isStaffPreview(db: Db, request: FastifyRequest): Promise<boolean> {
  if (!request.session.get('userId')) return false;
  // The user was read along with the session, for this request: no extra query.
  const user = await currentUser(db, request);
  return user?.status === 'active';
}

/**
 * Reads a share page and, unless a staff session is previewing it or the page is reloading its
 * data, records the customer's view at the same time. A failed count is logged and never costs the customer the page.
 */
export async function withViewRecorded<T>(
  db: Db,
  request: FastifyRequest,
  target: { kind: TargetKind; token: string; now: number },
  load: () => Promise<T>,
): Promise<T> {
  // Only the page's opening is a view: its reloads (polling, focus, after a decision) say so.
  const reload = request.headers[SHARE_REFRESH_HEADER] !== undefined;
  const count =
    reload || !isShareToken(target.token) || (await isStaffPreview(db, request))
      ? Promise.resolve()
      : viewRecorderOf(db)
          .record(target.kind, target.token, new Date(target.now).toISOString())
          .catch((err: unknown) => request.log.warn({ err }, 'share view not recorded'));
  const [page] = await Promise.all([load(), count]);
  return page;
}
