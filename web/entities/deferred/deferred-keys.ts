import type { DeferredSort } from '@shared/schemas/deferred';

export interface DeferredListParams {
  q: string;
  sort: DeferredSort;
  /** Whole dollars as typed; blank: any value. */
  minValue: string;
  /** Only lines whose follow-up date is today or earlier. */
  dueOnly: boolean;
  page: number;
}

// Every key starts with 'deferred', the root a sync or a write of a line invalidates.
export const deferredKeys = {
  all: ['deferred'] as const,
  list: (params: DeferredListParams) => [...deferredKeys.all, 'list', params] as const,
  vehicle: (vehicleId: string) => [...deferredKeys.all, 'vehicle', vehicleId] as const,
};
