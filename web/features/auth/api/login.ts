import type { LoginBody, User } from '@shared/schemas/user';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { useSignInMutation } from './use-sign-in-mutation';

/** POST /api/login: the response is the user. */
export const login = (body: LoginBody) => api.post<User>('/api/login', body);

export function useLogin() {
  return useSignInMutation(login, 'Login failed', (user) =>
    toast({ title: 'Welcome back!', description: `Logged in as ${user.username}` }),
  );
}
