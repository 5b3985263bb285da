import { useQuery } from '@tanstack/react-query';
import type { EmailTemplate } from '@shared/schemas/email-template';
import { api } from '@web/lib/api-client';
import { serverPageQueryOptions } from '@web/entities/query-options';
import { emailTemplateKeys, type EmailTemplateListParams } from './email-template-keys';

export const TEMPLATES_PAGE_SIZE = 12;

/** GET /api/email-templates, one page (total in X-Total-Count). */
export const emailTemplatesQueryOptions = (params: EmailTemplateListParams) =>
  serverPageQueryOptions<EmailTemplate>(emailTemplateKeys.list(params), '/api/email-templates', {
    limit: TEMPLATES_PAGE_SIZE,
    offset: params.page * TEMPLATES_PAGE_SIZE,
  });

export const useEmailTemplates = (params: EmailTemplateListParams) => useQuery(emailTemplatesQueryOptions(params));

/** The active templates a message to a customer can start from (at most 100). */
export const useActiveEmailTemplates = () =>
  useQuery({
    queryKey: emailTemplateKeys.activeForSend(),
    queryFn: ({ signal }) =>
      api.list<EmailTemplate>('/api/email-templates', { status: 'active', limit: 100 }, { signal }),
  });
