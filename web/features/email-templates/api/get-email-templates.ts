import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailTemplate } from '../../../../shared/schemas/email-template';
import { api, type ListResult } from '../../../lib/api-client';
import { templateKeys } from './template-keys';

export const TEMPLATES_PAGE_SIZE = 12;

export interface EmailTemplateListParams {
  /** 0-based. */
  page: number;
}

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
    queryKey: templateKeys.list(params),
    queryFn: ({ signal }) => getEmailTemplates(params, signal),
    placeholderData: keepPreviousData,
  });

export const useEmailTemplates = (params: EmailTemplateListParams) => useQuery(emailTemplatesQueryOptions(params));
