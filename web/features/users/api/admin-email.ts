import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { appConfigResponse } from '../../../../shared/schemas/user';
import { api } from '../../../lib/api-client';

type AppConfig = z.infer<typeof appConfigResponse>;

// The same query (key and answer) as the sign-in page's app config: one request serves both.
const appConfigOptions = () =>
  queryOptions({ queryKey: ['auth', 'config'] as const, queryFn: () => api.get<AppConfig>('/api/config'), staleTime: Infinity });

/** The one email an administrator account may have (the server's ADMIN_EMAIL), once loaded. */
export function useAdminEmail(): string | undefined {
  return useQuery(appConfigOptions()).data?.adminEmail;
}

/** The server's admin-email rule, checked as the form is filled: its message, or undefined. */
export function adminEmailProblem(adminEmail: string | undefined, role: string, email: string): string | undefined {
  const typed = email.trim();
  if (!adminEmail || role !== 'admin' || typed === '') return undefined;
  return typed.toLowerCase() === adminEmail.toLowerCase() ? undefined : `Admin accounts can only be created with the email: ${adminEmail}`;
}
