import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplate, UpdateEmailTemplateBody } from '../../../shared/schemas/email-template';
import { api } from '../../lib/api-client';
import { emailTemplateKeys } from './email-template-keys';

export interface UpdateEmailTemplateInput {
  id: string;
  /** Only the fields that changed. */
  changes: UpdateEmailTemplateBody;
}

/** PUT /api/email-templates/:id (admin only). */
export const updateEmailTemplate = ({ id, changes }: UpdateEmailTemplateInput): Promise<EmailTemplate> =>
  api.put<EmailTemplate>(`/api/email-templates/${id}`, changes);

export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}
