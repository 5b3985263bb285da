import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordBody } from '../../../../shared/schemas/user';
import { api } from '../../../lib/api-client';

export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** PATCH /api/user/password; the response is not read. */
export const changePassword = (body: ChangePasswordBody): Promise<void> => api.patch<void>('/api/user/password', body);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
