import type { CUSTOMER_SORTS } from '../../../shared/constants';

export interface CustomerListParams {
  q: string;
  status: 'all' | 'active' | 'inactive';
  sort: (typeof CUSTOMER_SORTS)[number];
  page: number;
}

// Every key starts with the entity it holds, so a write invalidates one root ('customers',
// 'vehicles', 'inspections') and every feature's view of that entity refreshes.
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (params: CustomerListParams) => [...customerKeys.lists(), params] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
  search: (q: string) => [...customerKeys.all, 'search', q] as const,
};
