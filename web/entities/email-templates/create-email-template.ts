import type { CreateEmailTemplateBody, EmailTemplate } from '@shared/schemas/email-template';
import { api, newClientId } from '@web/lib/api-client';
import { emailTemplateKeys } from './email-template-keys';
import { useInvalidatingMutation } from '@web/entities/use-invalidating-mutation';

/** POST /api/email-templates (admin only) with a client-made id. */
export const createEmailTemplate = (body: CreateEmailTemplateBody): Promise<EmailTemplate> =>
  api.post<EmailTemplate>('/api/email-templates', { id: newClientId(), ...body });

export function useCreateEmailTemplate() {
  return useInvalidatingMutation(createEmailTemplate, [emailTemplateKeys.all]);
}
