import { PRODUCT_NAME } from '@shared/constants';
import type { RegisterBody, User } from '@shared/schemas/user';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { appConfigKeys } from '@web/entities/app-config/app-config-keys';
import { useSignInMutation } from './use-sign-in-mutation';

/** POST /api/register: username, email, role, password (never the confirmation). */
export const register = (body: RegisterBody) => api.post<User>('/api/register', body);

export function useRegister() {
  return useSignInMutation(register, 'Registration failed', (user, queryClient) => {
    // The first account closes the form for whoever opens it next in this browser.
    void queryClient.invalidateQueries({ queryKey: appConfigKeys.detail() });
    toast({ title: 'Account created!', description: `Welcome to ${PRODUCT_NAME}, ${user.username}` });
  });
}
