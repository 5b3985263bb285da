import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '@web/components/ui/toast';
import { paths } from '@web/config/paths';
import { api } from '@web/lib/api-client';
import { authErrorMessage } from './error-message';
import { setCurrentUser } from './use-current-user';

/** POST /api/logout: no payload; the response is not read. */
export const logout = () => api.post<void>('/api/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      setCurrentUser(queryClient, null);
      void navigate(paths.auth, { replace: true });
      toast({ title: 'Logged out', description: 'See you next time!' });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: authErrorMessage(error), variant: 'destructive' });
    },
  });
}
