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

/** `PUT /api/public/inspections/:token/services/:serviceId/{approve|decline}`; an approval carries an `ApprovalBody`. */
export function decideInspectionService(
  token: string,
  serviceId: string,
  decision: Decision,
  body?: ApprovalBody,
): Promise<PublicService> {
  return request<PublicService>(
    'PUT',
    `/api/public/inspections/${segment(token)}/services/${segment(serviceId)}/${decision}`,
    body,
  );
}
