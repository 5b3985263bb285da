import type { InspectionStatus } from '@shared/constants';

export interface InspectionsPageParams {
  q: string;
  status: InspectionStatus | 'all';
  /** 0-based. */
  page: number;
  /** The cursor the page starts after (the previous page's `next`); none on the first page. */
  after?: string | undefined;
}

// Keys start with the entity they hold; a write invalidates that root in every feature (the
// dashboard's lists, a customer card's inspections, the receipt picker's search, a decision history).
export const inspectionKeys = {
  all: ['inspections'] as const,
  detail: (id: string) => [...inspectionKeys.all, 'detail', id] as const,
  decisions: (id: string) => [...inspectionKeys.detail(id), 'decisions'] as const,
  byCustomer: (customerId: string) => [...inspectionKeys.all, 'by-customer', customerId] as const,
  page: (params: InspectionsPageParams) => [...inspectionKeys.all, 'dashboard-page', params] as const,
  recent: (limit: number) => [...inspectionKeys.all, 'dashboard-recent', limit] as const,
  receiptSearch: (q: string) => [...inspectionKeys.all, 'receipt-search', q] as const,
};
