import type { PublicInvoice } from '@shared/schemas/invoice';
import { request, segment, ShareApiError } from './http';

export type { PublicInvoice };

/** `GET /api/public/invoices/:token`: used by both the invoice and the receipt page. */
export function getPublicInvoice(token: string): Promise<PublicInvoice> {
  if (!token) return Promise.reject(new ShareApiError('not-found', 'Invoice not found', 404));
  return request<PublicInvoice>('GET', `/api/public/invoices/${segment(token)}`);
}
