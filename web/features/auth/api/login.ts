import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, User } from '../../../../shared/schemas/user';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { authErrorMessage } from './error-message';
import { setCurrentUser } from './use-current-user';

/** POST /api/login: the response is the user. */
export const login = (body: LoginBody) => api.post<User>('/api/login', body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      setCurrentUser(queryClient, user);
      toast({ title: 'Welcome back!', description: `Logged in as ${user.username}` });
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: authErrorMessage(error), variant: 'destructive' });
    },
  });
}
