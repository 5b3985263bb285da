import { useQuery } from '@tanstack/react-query';
import { appConfigQueryOptions } from '@web/entities/app-config/get-app-config';

/** The one email an administrator account may have (the server's ADMIN_EMAIL), once loaded. */
export function useAdminEmail(): string | undefined {
  return useQuery(appConfigQueryOptions()).data?.adminEmail;
}

/** The server's admin-email rule, checked as the form is filled: its message, or undefined. */
export function adminEmailProblem(adminEmail: string | undefined, role: string, email: string): string | undefined {
  const typed = email.trim();
  if (!adminEmail || role !== 'admin' || typed === '') return undefined;
  return typed.toLowerCase() === adminEmail.toLowerCase()
    ? undefined
    : `Admin accounts can only be created with the email: ${adminEmail}`;
}
