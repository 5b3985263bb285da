import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailTemplate } from '../../../shared/schemas/email-template';
import { api, type ListResult } from '../../lib/api-client';
import { emailTemplateKeys, type EmailTemplateListParams } from './email-template-keys';

export const TEMPLATES_PAGE_SIZE = 12;

/** GET /api/email-templates, one page (total in X-Total-Count). */
export function getEmailTemplates(params: EmailTemplateListParams, signal?: AbortSignal): Promise<ListResult<EmailTemplate>> {
  return api.list<EmailTemplate>(
    '/api/email-templates',
    { limit: TEMPLATES_PAGE_SIZE, offset: params.page * TEMPLATES_PAGE_SIZE },
    { signal },
  );
}

export const emailTemplatesQueryOptions = (params: EmailTemplateListParams) =>
  queryOptions({
    queryKey: emailTemplateKeys.list(params),
    queryFn: ({ signal }) => getEmailTemplates(params, signal),
    placeholderData: keepPreviousData,
  });

export const useEmailTemplates = (params: EmailTemplateListParams) => useQuery(emailTemplatesQueryOptions(params));

/** The active templates a message to a customer can start from (at most 100). */
export const useActiveEmailTemplates = () =>
  useQuery({
    queryKey: emailTemplateKeys.activeForSend(),
    queryFn: ({ signal }) => api.list<EmailTemplate>('/api/email-templates', { status: 'active', limit: 100 }, { signal }),
  });
