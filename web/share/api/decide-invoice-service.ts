import type { PublicService } from '../../../shared/schemas/inspection';
import type { Decision, Signed } from './decide-inspection-service';
import { request, segment } from './http';

/** `PUT /api/public/invoices/:token/services/:serviceId/{approve|decline}`; an approval may carry `Signed`. */
export function decideInvoiceService(token: string, serviceId: string, decision: Decision, signed?: Signed): Promise<PublicService> {
  return request<PublicService>('PUT', `/api/public/invoices/${segment(token)}/services/${segment(serviceId)}/${decision}`, signed);
}
