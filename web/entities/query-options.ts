import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { api, type ListResult } from '@web/lib/api-client';
import type { LocalDb } from '@web/offline/local-db';
import { LOCAL_NETWORK_MODE, readLocalFirst, readLocalRow } from '@web/offline/local-queries-source';
import type { SearchListParams } from './list-keys';

type ApiQuery = Parameters<typeof api.list>[1];

/** The part of a list's query every searchable, paged list sends the same way. */
export const pageQuery = <TSort extends string>(params: SearchListParams<TSort>, pageSize: number) => ({
  q: params.q.trim(),
  sort: params.sort,
  limit: pageSize,
  offset: params.page * pageSize,
});

/** A page of a list on the server; the last page stays on screen while the next one loads. */
export const serverPageQueryOptions = <T>(queryKey: QueryKey, path: string, query: ApiQuery) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }): Promise<ListResult<T>> => api.list<T>(path, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** A page of a list from this device's copy (the server's until the first pull is done); it runs offline too. */
export const localPageQueryOptions = <T, TQuery extends ApiQuery, TKey extends QueryKey>(
  queryKey: TKey,
  query: TQuery,
  local: (db: LocalDb, query: TQuery) => Promise<ListResult<T>>,
  path: string,
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      readLocalFirst(
        (db) => local(db, query),
        () => api.list<T>(path, query, { signal }),
        signal,
      ),
    placeholderData: keepPreviousData,
    networkMode: LOCAL_NETWORK_MODE,
  });

/** One row by id: this device's copy when it keeps the row, else the server's (online only). */
export const localRowQueryOptions = <T, TKey extends QueryKey>(
  queryKey: TKey,
  local: (db: LocalDb) => Promise<T | undefined>,
  path: string,
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => readLocalRow(local, () => api.get<T>(path, { signal })),
    networkMode: LOCAL_NETWORK_MODE,
  });
