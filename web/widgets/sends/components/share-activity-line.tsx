import type { ShareActivity } from '@shared/schemas/send';
import { SHOP_LOCALE } from '@web/lib/format';
import type { SendTargetKind } from '@web/entities/sends/send-keys';
import { useShareActivity } from '@web/entities/sends/sends';
import styles from './sends.module.css';

/** "10:02 AM" today, "Nov 24, 10:02 AM" on another day; the reader's own time zone. */
export function activityTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(SHOP_LOCALE, { hour: 'numeric', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  const sameYear = at.getFullYear() === now.getFullYear();
  const date = at.toLocaleDateString(SHOP_LOCALE, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
  return `${date}, ${time}`;
}

/** The parts that happened: "Sent …", "Viewed …", "Decided …", and a failed latest email. */
export function activityParts(activity: ShareActivity, now = new Date()): { text: string; failed?: boolean }[] {
  const parts: { text: string; failed?: boolean }[] = [];
  const delivered = activity.sends.find((s) => s.status === 'sent' || s.status === 'opened');
  if (delivered) parts.push({ text: `Sent ${activityTime(delivered.sentAt, now)}` });
  const latest = activity.sends[0];
  if (latest?.status === 'failed')
    parts.push({ text: `Email failed ${activityTime(latest.sentAt, now)}`, failed: true });
  if (activity.views) parts.push({ text: `Viewed ${activityTime(activity.views.lastViewedAt, now)}` });
  if (activity.decidedAt) parts.push({ text: `Decided ${activityTime(activity.decidedAt, now)}` });
  return parts;
}

/** "Sent 10:02 · Viewed 10:05 · Decided 10:11" for an inspection or an invoice; nothing before the first send or view. */
export function ShareActivityLine({ kind, id }: { kind: SendTargetKind; id: string }) {
  const activity = useShareActivity(kind, id);
  if (!activity.data) return null;
  const parts = activityParts(activity.data);
  if (parts.length === 0) return null;
  const views = activity.data.views;
  return (
    <p
      className={styles.activity}
      data-testid="share-activity"
      title={
        views
          ? `Opened ${views.count} time${views.count === 1 ? '' : 's'}, first ${activityTime(views.firstViewedAt)}`
          : undefined
      }
    >
      {parts.map((part, index) => (
        <span key={part.text} className={part.failed ? styles.failed : undefined}>
          {index > 0 ? '· ' : ''}
          {part.text}
        </span>
      ))}
    </p>
  );
}
