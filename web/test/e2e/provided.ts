// What the global setup hands to every e2e test file (through vitest's provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    /** The running server, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** Session cookie of the admin registered once for the whole run ("name=value"). */
    adminCookie: string;
    /** This run's own build of the web app, so parallel runs never rebuild each other's files. */
    webDir: string;
  }
}

export const ADMIN_EMAIL = 'owner@bayside-auto.test';
export const ADMIN_PASSWORD = 'e2e-owner-password';

/** The shop's contact details, saved in the admin's settings; the share pages show them. */
export const SHOP = {
  companyName: 'Bayside Auto Care',
  phone: '(555) 010-0142',
  email: ADMIN_EMAIL,
  address: '12 Harbor Road',
  city: 'Portland',
  state: 'ME',
  zipCode: '04101',
  // Saved without a scheme on purpose: it must come back as a https:// link.
  website: 'bayside-auto.test',
} as const;
