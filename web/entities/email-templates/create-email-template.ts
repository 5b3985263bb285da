import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEmailTemplateBody, EmailTemplate } from '../../../shared/schemas/email-template';
import { api, newClientId } from '../../lib/api-client';
import { emailTemplateKeys } from './email-template-keys';

/** POST /api/email-templates (admin only) with a client-made id. */
export const createEmailTemplate = (body: CreateEmailTemplateBody): Promise<EmailTemplate> =>
  api.post<EmailTemplate>('/api/email-templates', { id: newClientId(), ...body });

export function useCreateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmailTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}
