import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_NAME } from '../../../../shared/constants';
import type { RegisterBody, User } from '../../../../shared/schemas/user';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { authErrorMessage } from './error-message';
import { appConfigKeys } from '../../../entities/app-config/app-config-keys';
import { setCurrentUser } from './use-current-user';

/** POST /api/register: username, email, role, password (never the confirmation). */
export const register = (body: RegisterBody) => api.post<User>('/api/register', body);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      setCurrentUser(queryClient, user);
      // The first account closes the form for whoever opens it next in this browser.
      void queryClient.invalidateQueries({ queryKey: appConfigKeys.detail() });
      toast({ title: 'Account created!', description: `Welcome to ${PRODUCT_NAME}, ${user.username}` });
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: authErrorMessage(error), variant: 'destructive' });
    },
  });
}
