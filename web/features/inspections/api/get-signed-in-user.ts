import type { User } from '@shared/schemas/user';
import { useCurrentUserQuery } from '@web/lib/current-user';

/** The signed-in user the app already holds (offline, the last one known), for the technician field. */
export function useSignedInUser(): { data: User | undefined; isError: boolean } {
  const query = useCurrentUserQuery();
  return { data: query.data ?? undefined, isError: query.isError };
}
