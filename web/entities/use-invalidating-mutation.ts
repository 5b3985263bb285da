import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { LOCAL_NETWORK_MODE } from '@web/offline/local-queries-source';

type Write<TData, TVariables> = (variables: TVariables) => Promise<TData>;

function useRefreshingMutation<TData, TVariables>(
  mutationFn: Write<TData, TVariables>,
  roots: readonly QueryKey[],
  local: boolean,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    ...(local ? { networkMode: LOCAL_NETWORK_MODE } : {}),
    // Done or failed: a failed write may still have changed the server, so the screens read it again.
    onSettled: async () => {
      await Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** A write to the server that refreshes every query under the given roots once it settles. */
export const useInvalidatingMutation = <TData, TVariables>(
  mutationFn: Write<TData, TVariables>,
  roots: readonly QueryKey[],
) => useRefreshingMutation(mutationFn, roots, false);

/** A write saved on this device first: it runs offline too (queued for the server), then refreshes the roots. */
export const useLocalMutation = <TData, TVariables>(mutationFn: Write<TData, TVariables>, roots: readonly QueryKey[]) =>
  useRefreshingMutation(mutationFn, roots, true);
