import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_NAME } from '../../../../shared/constants';
import type { AcceptInviteBody, PublicInvite } from '../../../../shared/schemas/invite';
import type { User } from '../../../../shared/schemas/user';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { authErrorMessage } from './error-message';
import { setCurrentUser } from './use-current-user';

/** GET /api/invites/:token: the role and shop an invite link offers (404/410 when it cannot be used). */
export const getInvite = (token: string) => api.get<PublicInvite>(`/api/invites/${encodeURIComponent(token)}`);

export const inviteQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['auth', 'invite', token], queryFn: () => getInvite(token), retry: false });

export const useInvite = (token: string) => useQuery(inviteQueryOptions(token));

/** POST /api/invites/:token/accept: the invitee's account, signed in. */
export const acceptInvite = (token: string, body: AcceptInviteBody) =>
  api.post<User>(`/api/invites/${encodeURIComponent(token)}/accept`, body);

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
