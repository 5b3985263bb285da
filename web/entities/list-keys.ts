/** What a searchable, sorted, paged list screen asks for; each entity adds its own filters. */
export interface SearchListParams<TSort extends string> {
  q: string;
  sort: TSort;
  /** 0-based. */
  page: number;
}

/**
 * The keys every entity with a list shares. Each starts with the entity's root, so a write
 * invalidates that one root and every feature's view of the entity refreshes.
 */
export function listKeys<TParams>(root: string) {
  const all = [root] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: TParams) => [...all, 'list', params] as const,
  };
}
