import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordBody } from '@shared/schemas/user';
import { api } from '@web/lib/api-client';
import { currentUserKey } from '@web/lib/current-user';

export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** PATCH /api/user/password; the response is not read. */
export const changePassword = (body: ChangePasswordBody): Promise<void> => api.patch<void>('/api/user/password', body);

export function useChangePassword() {
  const queryClient = useQueryClient();
  // The user's "choose a new password" notice goes once the server has the new one.
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
