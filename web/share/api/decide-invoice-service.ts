import type { PublicService } from '@shared/schemas/inspection';
import type { ApprovalBody, Decision } from './decide-inspection-service';
import { request, segment } from './http';

/** `PUT /api/public/invoices/:token/services/:serviceId/{approve|decline}`; an approval carries an `ApprovalBody`. */
export function decideInvoiceService(
  token: string,
  serviceId: string,
  decision: Decision,
  body?: ApprovalBody,
): Promise<PublicService> {
  return request<PublicService>(
    'PUT',
    `/api/public/invoices/${segment(token)}/services/${segment(serviceId)}/${decision}`,
    body,
  );
}
