import type { PublicInspection } from '@shared/schemas/inspection';
import { request, segment, ShareApiError } from './http';

export type { PublicInspection };

/** `GET /api/public/inspections/:token`: the inspection report. */
export function getPublicInspection(token: string): Promise<PublicInspection> {
  if (!token) return Promise.reject(new ShareApiError('not-found', 'Inspection not found', 404));
  return request<PublicInspection>('GET', `/api/public/inspections/${segment(token)}`);
}
