import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '../../../shared/schemas/invoice';
import { api, type ListResult } from '../../lib/api-client';
import { invoiceKeys, type InvoiceListParams } from './invoice-keys';

/** Receipts page on the server, 10 a page (docs/decisions.md). */
export const INVOICES_PAGE_SIZE = 10;

export function getInvoices(params: InvoiceListParams, signal?: AbortSignal): Promise<ListResult<Invoice>> {
  return api.list<Invoice>(
    '/api/invoices',
    {
      q: params.q.trim(),
      status: params.status,
      sort: params.sort,
      limit: INVOICES_PAGE_SIZE,
      offset: params.page * INVOICES_PAGE_SIZE,
    },
    { signal },
  );
}

export const invoicesQueryOptions = (params: InvoiceListParams) =>
  queryOptions({
    queryKey: invoiceKeys.list(params),
    queryFn: ({ signal }) => getInvoices(params, signal),
    placeholderData: keepPreviousData,
  });

export const useInvoices = (params: InvoiceListParams) => useQuery(invoicesQueryOptions(params));
