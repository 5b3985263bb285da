import { z } from 'zod';
import { APPROVAL_SIGNATURE_MODES } from './decision';

/** Shop-wide settings an administrator changes on the Users screen. */
export const shopSettingsResponse = z.object({
  /** The Sign Up form is open to anyone; accounts made there wait for approval. */
  openSignUp: z.boolean(),
  /** When a share page asks for a typed name or a drawn signature: never, first approval, always. */
  approvalSignature: z.enum(APPROVAL_SIGNATURE_MODES),
});
export type ShopSettings = z.infer<typeof shopSettingsResponse>;

export const shopSettingsBody = z.object({
  openSignUp: z.boolean('Open sign-up must be true or false'),
  /** Left out: unchanged. */
  approvalSignature: z.enum(APPROVAL_SIGNATURE_MODES, 'Approval signature must be never, first or always').optional(),
});
