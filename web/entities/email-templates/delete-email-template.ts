import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { emailTemplateKeys } from './email-template-keys';

/** DELETE /api/email-templates/:id (admin only). */
export const deleteEmailTemplate = (id: string): Promise<void> => api.delete(`/api/email-templates/${id}`);

export function useDeleteEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}
