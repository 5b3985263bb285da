import type { PublicService } from '@shared/schemas/inspection';
import { request, segment } from './http';

export type Decision = 'approve' | 'decline';

/** What an approval carries when the shop asks for it: a typed name and/or a drawn signature (PNG data URL). */
export interface Signed {
  signerName: string | null;
  signature: string | null;
}

/** What an approval sends: the amount the customer saw (a price changed since is refused), and `Signed` when asked. */
export interface ApprovalBody extends Partial<Signed> {
  shownAmount?: string;
}

/** `PUT /api/public/{inspections|invoices}/:token/services/:serviceId/{approve|decline}`; an approval carries an `ApprovalBody`. */
const decideOn =
  (page: 'inspections' | 'invoices') =>
  (token: string, serviceId: string, decision: Decision, body?: ApprovalBody): Promise<PublicService> =>
    request<PublicService>(
      'PUT',
      `/api/public/${page}/${segment(token)}/services/${segment(serviceId)}/${decision}`,
      body,
    );

/** A decision on the inspection report's service. */
export const decideInspectionService = decideOn('inspections');

/** A decision on the receipt's service. */
export const decideInvoiceService = decideOn('invoices');
