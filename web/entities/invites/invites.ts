import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatedInvite, CreateInviteBody, Invite } from '@shared/schemas/invite';
import { paths } from '@web/config/paths';
import { api } from '@web/lib/api-client';
import { inviteKeys } from './invite-keys';
import { useInvalidatingMutation } from '@web/entities/use-invalidating-mutation';

/** GET /api/invites: the invite links not yet used, withdrawn or expired. */
export const getInvites = (signal?: AbortSignal): Promise<Invite[]> => api.get<Invite[]>('/api/invites', { signal });

export const invitesQueryOptions = () =>
  queryOptions({ queryKey: inviteKeys.list(), queryFn: ({ signal }) => getInvites(signal) });

export const useInvites = () => useQuery(invitesQueryOptions());

/** POST /api/invites: the only response that carries the link's token. */
export const createInvite = (body: CreateInviteBody): Promise<CreatedInvite> =>
  api.post<CreatedInvite>('/api/invites', body);

/** DELETE /api/invites/:id: the link stops working. */
export const withdrawInvite = (id: string): Promise<void> => api.delete(`/api/invites/${id}`);

export function useCreateInvite() {
  return useInvalidatingMutation(createInvite, [inviteKeys.list()]);
}

export function useWithdrawInvite() {
  return useInvalidatingMutation(withdrawInvite, [inviteKeys.list()]);
}

/** The link to send: this site's own address, whatever host or proxy the admin reached it through. */
export const inviteUrl = (token: string) => `${window.location.origin}${paths.invite(token)}`;
