import { useQuery } from '@tanstack/react-query';
import type { DeferredWork } from '@shared/schemas/deferred';
import { api } from '@web/lib/api-client';
import { listLocalDeferred } from '@web/offline/local-deferred';
import { LOCAL_NETWORK_MODE, readLocalFirst } from '@web/offline/local-queries-source';
import { localPageQueryOptions } from '@web/entities/query-options';
import { deferredKeys, type DeferredListParams } from './deferred-keys';

export const DEFERRED_PAGE_SIZE = 20;

/** Today on this device, as the follow-up dates are kept (YYYY-MM-DD, local time). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function minCents(text: string): number | undefined {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : undefined;
}

/** Open lines from this device's copy (the server's until the first pull is done). */
export const useDeferredList = (params: DeferredListParams) =>
  useQuery(
    localPageQueryOptions(
      deferredKeys.list(params),
      {
        status: 'open' as const,
        q: params.q.trim() || undefined,
        sort: params.sort,
        minAmountCents: minCents(params.minValue),
        followUpDueBy: params.dueOnly ? today() : undefined,
        limit: DEFERRED_PAGE_SIZE,
        offset: params.page * DEFERRED_PAGE_SIZE,
      },
      listLocalDeferred,
      '/api/deferred-work',
    ),
  );

/** A vehicle's open lines, oldest first: the new inspection's "Previously declined". */
export function getVehicleDeferred(vehicleId: string, signal?: AbortSignal): Promise<DeferredWork[]> {
  const query = { status: 'open' as const, vehicleId, sort: 'age' as const };
  return readLocalFirst(
    async (db) => (await listLocalDeferred(db, query)).items,
    async () => (await api.list<DeferredWork>('/api/deferred-work', query, { signal })).items,
    signal,
  );
}

export const useVehicleDeferred = (vehicleId: string) =>
  useQuery({
    queryKey: deferredKeys.vehicle(vehicleId),
    queryFn: ({ signal }) => getVehicleDeferred(vehicleId, signal),
    enabled: vehicleId !== '',
    networkMode: LOCAL_NETWORK_MODE,
  });
