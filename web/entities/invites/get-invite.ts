import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AcceptInviteBody, PublicInvite } from '@shared/schemas/invite';
import type { User } from '@shared/schemas/user';
import { api } from '@web/lib/api-client';
import { inviteKeys } from './invite-keys';

/** GET /api/invites/:token: the role and shop an invite link offers (404/410 when it cannot be used). */
export const getInvite = (token: string) => api.get<PublicInvite>(`/api/invites/${encodeURIComponent(token)}`);

export const inviteQueryOptions = (token: string) =>
  queryOptions({ queryKey: inviteKeys.byToken(token), queryFn: () => getInvite(token), retry: false });

export const useInvite = (token: string) => useQuery(inviteQueryOptions(token));

/** POST /api/invites/:token/accept: the invitee's account, signed in. */
export const acceptInvite = (token: string, body: AcceptInviteBody) =>
  api.post<User>(`/api/invites/${encodeURIComponent(token)}/accept`, body);
