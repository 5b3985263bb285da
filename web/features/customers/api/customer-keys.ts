import type { CustomerListParams } from './get-customers';

// Every key starts with the entity it holds, so a write invalidates one root ('customers',
// 'vehicles', 'inspections') and every feature's view of that entity refreshes.
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (params: CustomerListParams) => [...customerKeys.lists(), params] as const,
  vehicles: (customerId: string) => ['vehicles', 'by-customer', customerId] as const,
  inspections: (customerId: string) => ['inspections', 'by-customer', customerId] as const,
};
