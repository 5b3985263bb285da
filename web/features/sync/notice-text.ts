import type { NoticeSubject, SyncNotice } from '@web/offline/notices';

// The words of the sync loop's notices, shown in a toast.

/** "customer Jane Doe", "vehicle 2018 Honda Civic", … */
function subjectText(subject: NoticeSubject): string {
  switch (subject.entity) {
    case 'service':
      return `service ${subject.description}`;
    case 'customer':
      return `customer ${subject.name}`;
    case 'vehicle':
      return `vehicle ${subject.year} ${subject.make} ${subject.model}`;
    case 'deferred':
      return `deferred work ${subject.description}`;
    case 'inspection':
      return `the inspection of ${subject.customerName}'s ${subject.year} ${subject.make} ${subject.model}`;
  }
}

/** One line for the user: which change could not be applied, and why. */
export function noticeText(notice: SyncNotice): string {
  const why = notice.reference ? `its ${notice.reference} was deleted` : 'it was deleted';
  return notice.subject
    ? `Your change to ${subjectText(notice.subject)} could not be applied: ${why}.`
    : `Your change "${notice.label}" could not be applied: ${why}.`;
}
