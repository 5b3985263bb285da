// The signed-in user, shared by the app and every feature (features do not import each other).
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '@shared/schemas/user';
import { api, ApiError } from './api-client';

// The last signed-in user, so the shell can open when the network is down (docs/offline-sync.md:
// the current user is part of the local data). Cleared on sign-out and on a 401.
const KEY = 'baywise.current-user';

export function readCachedUser(): User | null {
  try {
    const text = localStorage.getItem(KEY);
    return text ? (JSON.parse(text) as User) : null;
  } catch {
    return null;
  }
}

export function writeCachedUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(KEY, JSON.stringify(user));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or blocked: the app still works online.
  }
}

export const currentUserKey = ['auth', 'current-user'] as const;

// Who was signed in last in this page (kept after a sign-out): a screen asked for by one user is
// not where the next user lands.
let lastUserId: string | null = null;

/** The id of the user signed in last in this page, or null when nobody has been. */
export function lastSignedInUserId(): string | null {
  return lastUserId;
}

/** GET /api/user: the signed-in user, or null on 401 (a 401 means nobody is signed in). */
export async function getCurrentUser(): Promise<User | null> {
  try {
    const user = await api.get<User>('/api/user');
    writeCachedUser(user);
    lastUserId = user.id;
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      writeCachedUser(null);
      return null;
    }
    // No network: the last known user keeps the offline shell usable.
    if (!(error instanceof ApiError)) {
      const cached = readCachedUser();
      if (cached) {
        lastUserId = cached.id;
        return cached;
      }
    }
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserKey, queryFn: getCurrentUser, staleTime: 5 * 60_000 });

/** The whole query, for the auth gate (loading and error states). */
export function useCurrentUserQuery() {
  return useQuery(currentUserQueryOptions());
}

/** The signed-in user; null while it loads or when nobody is signed in. */
export function useCurrentUser(): User | null {
  return useCurrentUserQuery().data ?? null;
}

/**
 * Login and registration set the current user; logout clears it. Everything cached for the
 * previous user is dropped; the current-user query itself stays, so screens watching it see the change.
 */
export function setCurrentUser(queryClient: QueryClient, user: User | null): void {
  writeCachedUser(user);
  if (user) lastUserId = user.id;
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== JSON.stringify(currentUserKey) });
  queryClient.setQueryData(currentUserKey, user);
}
