import { z } from 'zod';

/** Shop-wide settings an administrator changes on the Users screen. */
export const shopSettingsResponse = z.object({
  /** The Sign Up form is open to anyone; accounts made there wait for approval. */
  openSignUp: z.boolean(),
});
export type ShopSettings = z.infer<typeof shopSettingsResponse>;

export const shopSettingsBody = z.object({
  openSignUp: z.boolean('Open sign-up must be true or false'),
});
