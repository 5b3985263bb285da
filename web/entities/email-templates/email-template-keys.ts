export interface EmailTemplateListParams {
  /** 0-based. */
  page: number;
}

// Every key starts with 'email-templates', so a write invalidates the one root.
export const emailTemplateKeys = {
  all: ['email-templates'] as const,
  list: (params: EmailTemplateListParams) => [...emailTemplateKeys.all, 'list', params] as const,
  activeForSend: () => [...emailTemplateKeys.all, 'active-for-send'] as const,
};
