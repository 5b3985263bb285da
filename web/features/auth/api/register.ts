import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_NAME } from '@shared/constants';
import type { RegisterBody, SignUpReceived, User } from '@shared/schemas/user';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { appConfigKeys } from '@web/entities/app-config/app-config-keys';
import { authErrorMessage } from './error-message';
import { setCurrentUser } from './use-current-user';

/**
 * POST /api/register: username, email, role, password (never the confirmation). The shop's first
 * account is signed in at once (201); an open sign-up is only received (202), the same answer
 * whether its name is taken or not.
 */
export const register = (body: RegisterBody) => api.post<User | SignUpReceived>('/api/register', body);

export function useRegister(onReceived?: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (result) => {
      if (!('id' in result)) return onReceived?.(result.message);
      setCurrentUser(queryClient, result);
      // The first account closes the form for whoever opens it next in this browser.
      void queryClient.invalidateQueries({ queryKey: appConfigKeys.detail() });
      toast({ title: 'Account created!', description: `Welcome to ${PRODUCT_NAME}, ${result.username}` });
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: authErrorMessage(error), variant: 'destructive' });
    },
  });
}
