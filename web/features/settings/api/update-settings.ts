import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsBody, User } from '@shared/schemas/user';
import { api } from '@web/lib/api-client';
import { currentUserKey, writeCachedUser } from '@web/lib/current-user';

/** PUT /api/user/settings: the email always, other fields only when they changed; the response is the user. */
export const updateSettings = (body: SettingsBody): Promise<User> => api.put<User>('/api/user/settings', body);

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (user) => {
      writeCachedUser(user);
      queryClient.setQueryData(currentUserKey, user);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
