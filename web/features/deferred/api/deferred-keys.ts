import type { DeferredListParams } from './get-deferred';

// Every key starts with 'deferred', the root a sync or a write of a line invalidates.
export const deferredKeys = {
  all: ['deferred'] as const,
  list: (params: DeferredListParams) => [...deferredKeys.all, 'list', params] as const,
  vehicle: (vehicleId: string) => [...deferredKeys.all, 'vehicle', vehicleId] as const,
};
