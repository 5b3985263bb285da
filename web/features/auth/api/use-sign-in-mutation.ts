import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '@shared/schemas/user';
import { toast } from '@web/components/ui/toast';
import { authErrorMessage } from './error-message';
import { setCurrentUser } from './use-current-user';

/**
 * A call whose answer is the signed-in user (sign in): the user becomes current, then
 * `welcome` greets them; a failure toasts the reason under `failedTitle`.
 */
export function useSignInMutation<TBody>(
  mutationFn: (body: TBody) => Promise<User>,
  failedTitle: string,
  welcome: (user: User, queryClient: QueryClient) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (user) => {
      setCurrentUser(queryClient, user);
      welcome(user, queryClient);
    },
    onError: (error) => {
      toast({ title: failedTitle, description: authErrorMessage(error), variant: 'destructive' });
    },
  });
}
