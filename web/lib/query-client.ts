import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// Cached data refreshes on reconnect, on window focus and after every mutation (docs/decisions.md).
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        // A 4xx will not get better by asking again; network hiccups may.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
