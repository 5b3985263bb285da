import type { z } from 'zod';
import type { createInvoiceBody, Invoice } from '@shared/schemas/invoice';
import { api, newClientId } from '@web/lib/api-client';
import { invoiceKeys } from './invoice-keys';
import { useInvalidatingMutation } from '@web/entities/use-invalidating-mutation';

export type CreateInvoiceInput = z.input<typeof createInvoiceBody>;

/** One POST with a client id and the custom line items: the server stores it all at once. */
export const createInvoice = (body: CreateInvoiceInput): Promise<Invoice> =>
  api.post<Invoice>('/api/invoices', { id: newClientId(), ...body });

export function useCreateInvoice() {
  return useInvalidatingMutation(createInvoice, [invoiceKeys.all]);
}
