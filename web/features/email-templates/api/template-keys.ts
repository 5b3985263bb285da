import type { EmailTemplateListParams } from './get-email-templates';

// Every key starts with 'email-templates', so a write invalidates the one root.
export const templateKeys = {
  all: ['email-templates'] as const,
  list: (params: EmailTemplateListParams) => [...templateKeys.all, 'list', params] as const,
};
