export const appConfigKeys = {
  // One key for the sign-in page, the users screen and the send dialog: one request serves them all.
  detail: () => ['auth', 'config'] as const,
};
