import { z } from 'zod';
import { INVITE_ROLES } from '@shared/constants';
import { timestamp } from './common';
import { emailInput, passwordInput, usernameInput, withPasswordConfirmation } from './user';

export const INVITE_ROLE_MESSAGE = 'Invites are for Technician or Service Advisor accounts';

// Strict: a body with anything else in it is a client mistake, not an invite for the default role.
export const createInviteBody = z.strictObject({
  role: z.enum(INVITE_ROLES, INVITE_ROLE_MESSAGE).default('technician'),
});
export type CreateInviteBody = z.input<typeof createInviteBody>;

/** An open invite as the Users screen lists it (the link itself is shown once, at creation). */
export const inviteResponse = z.object({
  id: z.string(),
  role: z.enum(INVITE_ROLES),
  createdAt: timestamp,
  expiresAt: timestamp,
  createdBy: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type Invite = z.infer<typeof inviteResponse>;

export const inviteListResponse = z.array(inviteResponse);

/** The new invite with the token of its link (`/invite/<token>`); only this response carries it. */
export const createdInviteResponse = inviteResponse.extend({ token: z.string() });
export type CreatedInvite = z.infer<typeof createdInviteResponse>;

export const inviteTokenParams = z.object({
  token: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid invite link'),
});

/** What the invite page shows before the invitee picks a username and password. */
export const publicInviteResponse = z.object({
  role: z.enum(INVITE_ROLES),
  expiresAt: timestamp,
  shopName: z.string().nullable(),
});
export type PublicInvite = z.infer<typeof publicInviteResponse>;

export const acceptInviteBody = z.object({
  username: usernameInput,
  email: emailInput,
  password: passwordInput,
});
export type AcceptInviteBody = z.input<typeof acceptInviteBody>;

/** The invite page's form: the body plus a confirmation that is never sent. */
export const acceptInviteForm = withPasswordConfirmation(acceptInviteBody);
