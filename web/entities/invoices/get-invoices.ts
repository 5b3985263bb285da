import { useQuery } from '@tanstack/react-query';
import type { Invoice } from '@shared/schemas/invoice';
import { pageQuery, serverPageQueryOptions } from '@web/entities/query-options';
import { invoiceKeys, type InvoiceListParams } from './invoice-keys';

/** Receipts page on the server, 10 a page (docs/decisions.md). */
export const INVOICES_PAGE_SIZE = 10;

export const invoicesQueryOptions = (params: InvoiceListParams) =>
  serverPageQueryOptions<Invoice>(invoiceKeys.list(params), '/api/invoices', {
    ...pageQuery(params, INVOICES_PAGE_SIZE),
    status: params.status,
  });

export const useInvoices = (params: InvoiceListParams) => useQuery(invoicesQueryOptions(params));
