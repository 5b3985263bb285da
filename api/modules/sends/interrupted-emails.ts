import type { FastifyInstance } from 'fastify';
import type { Db } from '@api/db/database';
import { refreshInspectionFunnel } from '@api/db/inspection-funnel';
import { inTransaction } from '@api/db/transaction';
import { runPeriodically } from '@api/lib/periodic';
import { failEmailsSendingSince } from './send.repository';

/**
 * An email is recorded as sending before the mail server is asked and as sent or failed after its
 * answer, which comes within 15 s (the mailer's timeout). One still sending this long after it
 * began lost its server mid-send (a crash, a deploy).
 */
export const INTERRUPTED_AFTER_MS = 5 * 60 * 1000;

export const INTERRUPTED_EMAIL =
  'The server stopped before the mail server answered, so the email may not have gone out. Send it again if the customer did not get it.';

const HOUR_MS = 60 * 60 * 1000;

/** Records emails a stopped server left sending as failed (the funnel no longer counts them); gives how many. */
export async function failInterruptedEmails(db: Db, now: number): Promise<number> {
  const before = new Date(now - INTERRUPTED_AFTER_MS).toISOString();
  return inTransaction(db, async (trx) => {
    const inspections = await failEmailsSendingSince(trx, before, INTERRUPTED_EMAIL);
    const ids = [...new Set(inspections.filter((id): id is string => id !== null))];
    if (ids.length > 0) await refreshInspectionFunnel(trx, ids);
    return inspections.length;
  });
}

/** At start and hourly: a server that stopped mid-send left its email sending; this settles it. */
export function scheduleInterruptedEmailCheck(app: FastifyInstance, db: Db): void {
  runPeriodically(app, {
    everyMs: HOUR_MS,
    failed: 'could not settle emails left sending',
    task: () => failInterruptedEmails(db, app.clock()),
  });
}
