import type { EmailTemplate, UpdateEmailTemplateBody } from '@shared/schemas/email-template';
import { api } from '@web/lib/api-client';
import { emailTemplateKeys } from './email-template-keys';
import { useInvalidatingMutation } from '@web/entities/use-invalidating-mutation';

export interface UpdateEmailTemplateInput {
  id: string;
  /** Only the fields that changed. */
  changes: UpdateEmailTemplateBody;
}

/** PUT /api/email-templates/:id (admin only). */
export const updateEmailTemplate = ({ id, changes }: UpdateEmailTemplateInput): Promise<EmailTemplate> =>
  api.put<EmailTemplate>(`/api/email-templates/${id}`, changes);

export function useUpdateEmailTemplate() {
  return useInvalidatingMutation(updateEmailTemplate, [emailTemplateKeys.all]);
}
