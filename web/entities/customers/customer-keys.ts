import type { CUSTOMER_SORTS } from '@shared/constants';
import { listKeys, type SearchListParams } from '@web/entities/list-keys';

export interface CustomerListParams extends SearchListParams<(typeof CUSTOMER_SORTS)[number]> {
  status: 'all' | 'active' | 'inactive';
}

// Every key starts with the entity it holds, so a write invalidates one root ('customers',
// 'vehicles', 'inspections') and every feature's view of that entity refreshes.
const keys = listKeys<CustomerListParams>('customers');

export const customerKeys = {
  ...keys,
  detail: (id: string) => [...keys.all, 'detail', id] as const,
  search: (q: string) => [...keys.all, 'search', q] as const,
};
