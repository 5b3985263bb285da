import { syncChangesResponse } from '@shared/schemas/sync';
import { userListResponse } from '@shared/schemas/user';
import type { Outcome, PassContext } from './pass';
import { applyPage, pruneInspections, readCursor, replaceUsers, resetLocalCopy } from './pull';

const USERS_URL = '/api/users?limit=500';
/**
 * The technician list changes seldom and is not in the change feed: asked for at the first pull of
 * a page and then at most this often, not at every 30-second pass (which showed as the users list
 * reloading every 30 seconds while nothing had changed).
 */
export const USERS_REFRESH_MS = 15 * 60_000;
const MAX_RESYNCS_PER_PULL = 2;

/** The pull half of a pass: the change feed page by page (pull.ts stores each), then the technicians. */
export class FeedPuller {
  /** When the technician list was last asked for (this page); null before the first time. */
  private usersAskedAt: number | null = null;

  private readonly pageSize: number;
  private readonly now: () => number;

  constructor(pageSize: number, now: () => number) {
    this.pageSize = pageSize;
    this.now = now;
  }

  async pull(ctx: PassContext): Promise<Outcome> {
    let resyncs = 0;
    for (;;) {
      if (ctx.stopped()) return 'stopped';
      const cursor = await readCursor(ctx.db);
      const reply = await ctx.request(
        'GET',
        `/api/sync/changes?since=${encodeURIComponent(cursor)}&limit=${this.pageSize}`,
      );
      if (reply.kind === 'http' && reply.status === 401) {
        ctx.events.setStatus({ needsSignIn: true });
        return 'paused';
      }
      const page = reply.kind === 'http' && reply.status === 200 ? syncChangesResponse.safeParse(reply.body) : null;
      if (!page?.success) return 'retry';
      if (page.data.resync) {
        if (++resyncs > MAX_RESYNCS_PER_PULL) return 'retry';
        ctx.events.emitData(await resetLocalCopy(ctx.db));
        continue;
      }
      ctx.events.emitData(await applyPage(ctx.db, page.data));
      // A page that does not move the cursor would repeat forever.
      if (!page.data.hasMore || page.data.cursor === cursor) break;
    }
    const lastPulledAt = new Date(this.now()).toISOString();
    await ctx.db.meta.put({ key: 'lastPulledAt', value: lastPulledAt });
    ctx.events.setStatus({ lastPulledAt });
    if (await pruneInspections(ctx.db, this.now())) ctx.events.emitData(['inspection']);
    await this.refreshUsers(ctx);
    return 'done';
  }

  /** The technician picker's users; only admins may list them (403 for others is fine). */
  private async refreshUsers(ctx: PassContext): Promise<void> {
    const now = this.now();
    if (this.usersAskedAt !== null && now - this.usersAskedAt < USERS_REFRESH_MS) return;
    const reply = await ctx.request('GET', USERS_URL);
    if (reply.kind === 'http') this.usersAskedAt = now;
    if (reply.kind !== 'http' || reply.status !== 200) return;
    const users = userListResponse.safeParse(reply.body);
    if (users.success) await replaceUsers(ctx.db, users.data);
  }
}
