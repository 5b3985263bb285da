import { userKeys } from '@web/entities/users/user-keys';

export const inviteKeys = {
  // Under the users root, so a user write refreshes the admin's list of links too.
  list: () => [...userKeys.all, 'invites'] as const,
  // The invitee's view of one link, read before they have an account.
  byToken: (token: string) => ['auth', 'invite', token] as const,
};
