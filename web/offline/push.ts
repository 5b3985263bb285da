import { toRequest } from './apply-write';
import { acknowledgeEntry, dropGoneEntry, rowUrl, serverRowOf, storeServerRow } from './entry-outcomes';
import { dropGoneMedia, isMediaWrite, mediaWaitsForUpload, storeMediaReply } from './media/media-writes';
import { mustWait } from './outbox';
import type { Outcome, PassContext } from './pass';
import { verdictOf, type Reply } from './transport';
import type { OutboxEntry } from './types';

/** Sends the signed-in user's outbox in order; an entry that must wait holds back only what needs it. */
export async function pushOutbox(ctx: PassContext, userId: string): Promise<Outcome> {
  const blocked = new Set<string>();
  let lastSeq = 0;
  for (;;) {
    if (ctx.stopped()) return 'stopped';
    const entry = await ctx.db.outbox.where('seq').above(lastSeq).first();
    if (!entry?.seq) return 'done';
    lastSeq = entry.seq;
    if (entry.userId !== userId) {
      // Never sent under this session; later changes to its rows wait for its owner.
      blocked.add(entry.entityId);
      continue;
    }
    if (isMediaWrite(entry.write)) {
      // A medium's change waits for its file and its inspection, and holds back nothing else.
      if (
        entry.state === 'attention' ||
        blocked.has(entry.entityId) ||
        (await mediaWaitsForUpload(ctx.db, entry.write))
      )
        continue;
    } else if (mustWait(entry, blocked)) continue;
    const outcome = await pushEntry(ctx, entry, blocked);
    if (outcome !== 'done') return outcome;
  }
}

async function pushEntry(ctx: PassContext, entry: OutboxEntry, blocked: Set<string>): Promise<Outcome> {
  const call = toRequest(entry.write);
  const reply = await ctx.request(call.method, call.url, call.body, entry.id);
  // A medium already gone is what a delete wanted.
  const verdict =
    entry.write.kind === 'media.delete' && reply.kind === 'http' && reply.status === 404 ? 'ok' : verdictOf(reply);
  switch (verdict) {
    case 'ok':
      ctx.events.emitData(await acknowledgeEntry(ctx.db, entry, reply.kind === 'http' ? reply.body : undefined));
      if (reply.kind === 'http') await storeMediaReply(ctx.db, entry.write, reply.body);
      return 'done';
    case 'gone':
      if (isMediaWrite(entry.write)) await dropGoneMedia(ctx.db, entry.write);
      else await dropGone(ctx, entry, reply.kind === 'http' ? reply.body : null);
      return 'done';
    case 'attention':
      blocked.add(entry.entityId);
      await note(ctx, entry, reply, 'attention');
      return 'done';
    case 'sign-in':
      ctx.events.setStatus({ needsSignIn: true });
      return 'paused';
    case 'retry':
      await note(ctx, entry, reply, 'pending');
      return 'retry';
  }
}

async function note(ctx: PassContext, entry: OutboxEntry, reply: Reply, state: OutboxEntry['state']): Promise<void> {
  const lastError =
    reply.kind === 'http' ? { status: reply.status, message: reply.message } : { status: 0, message: reply.message };
  await ctx.db.outbox.update(entry.seq as number, { state, attempts: entry.attempts + 1, lastError });
  await ctx.refreshCounts();
}

/** 410: the change is dropped (entry-outcomes.ts); a row it pointed elsewhere is read again. */
async function dropGone(ctx: PassContext, entry: OutboxEntry, serverBody: unknown): Promise<void> {
  const { notice, changed, reread } = await dropGoneEntry(ctx.db, entry, serverBody);
  ctx.events.emitData(changed);
  if (reread) {
    const reply = await ctx.request('GET', rowUrl(reread.entity, reread.id));
    const row = reply.kind === 'http' && reply.status === 200 ? serverRowOf(reread.entity, reply.body) : null;
    if (row || (reply.kind === 'http' && (reply.status === 404 || reply.status === 410))) {
      ctx.events.emitData(await storeServerRow(ctx.db, reread.entity, reread.id, row));
    }
  }
  if (notice) ctx.events.emitNotice(notice);
}
