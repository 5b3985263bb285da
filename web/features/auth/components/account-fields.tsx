import type { ReactNode } from 'react';
import { TextField } from '@web/components/form-dialog/fields';
import type { FormBinding } from '@web/components/form-dialog/use-form-values';

type AccountField = 'username' | 'email' | 'password' | 'confirmPassword';

/**
 * A new account's username, email, password and its confirmation, as sign-up and an invite ask for
 * them; `afterEmail` goes between the email and the password (sign-up's role).
 */
export function AccountFields<F extends string>({
  form,
  idPrefix,
  confirmId,
  afterEmail,
}: {
  form: FormBinding<F | AccountField>;
  idPrefix: string;
  confirmId: string;
  afterEmail?: ReactNode;
}) {
  return (
    <>
      <TextField
        form={form}
        name="username"
        label="Username"
        id={`${idPrefix}-username`}
        autoComplete="username"
        autoCapitalize="none"
      />
      <TextField
        form={form}
        name="email"
        label="Email"
        id={`${idPrefix}-email`}
        type="email"
        inputMode="email"
        autoComplete="email"
      />
      {afterEmail}
      <TextField
        form={form}
        name="password"
        label="Password"
        id={`${idPrefix}-password`}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name="confirmPassword"
        label="Confirm Password"
        id={confirmId}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
