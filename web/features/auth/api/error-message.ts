import { ApiError } from '@web/lib/api-client';

/** Auth toasts carry the server's message (e.g. 'Invalid username or password'). */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
