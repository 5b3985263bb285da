// Keys start with the entity they hold; a write invalidates that root in every feature.
export const inspectionKeys = {
  all: ['inspections'] as const,
  detail: (id: string) => [...inspectionKeys.all, 'detail', id] as const,
  customer: (id: string) => ['customers', 'detail', id] as const,
  customerSearch: (q: string) => ['customers', 'search', q] as const,
  customerVehicles: (customerId: string) => ['vehicles', 'by-customer', customerId] as const,
  technicians: () => ['users', 'list'] as const,
};
