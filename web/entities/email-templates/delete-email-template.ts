import { api } from '@web/lib/api-client';
import { emailTemplateKeys } from './email-template-keys';
import { useInvalidatingMutation } from '@web/entities/use-invalidating-mutation';

/** DELETE /api/email-templates/:id (admin only). */
export const deleteEmailTemplate = (id: string): Promise<void> => api.delete(`/api/email-templates/${id}`);

export function useDeleteEmailTemplate() {
  return useInvalidatingMutation(deleteEmailTemplate, [emailTemplateKeys.all]);
}
