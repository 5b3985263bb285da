import type { PublicService } from '../../../shared/schemas/inspection';
import { request, segment } from './http';

export type Decision = 'approve' | 'decline';

/** `PUT /api/public/inspections/:token/services/:serviceId/{approve|decline}` (no body). */
export function decideInspectionService(token: string, serviceId: string, decision: Decision): Promise<PublicService> {
  return request<PublicService>('PUT', `/api/public/inspections/${segment(token)}/services/${segment(serviceId)}/${decision}`);
}
