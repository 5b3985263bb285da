import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_NAME } from '@shared/constants';
import type { AcceptInviteBody } from '@shared/schemas/invite';
import { toast } from '@web/components/ui/toast';
import { acceptInvite } from '@web/entities/invites/get-invite';
import { authErrorMessage } from './error-message';
import { setCurrentUser } from './use-current-user';

export function useAcceptInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInviteBody) => acceptInvite(token, body),
    onSuccess: (user) => {
      setCurrentUser(queryClient, user);
      toast({ title: 'Account created!', description: `Welcome to ${PRODUCT_NAME}, ${user.username}` });
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: authErrorMessage(error), variant: 'destructive' });
    },
  });
}
