import { useState } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '@shared/constants';
import { registerForm } from '@shared/schemas/user';
import { SelectField } from '@web/components/form-dialog/fields';
import { PageForm } from '@web/components/form-dialog/page-form';
import { usePageForm } from '@web/components/form-dialog/use-page-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useRegister } from '../api/register';
import { AccountFields } from './account-fields';

type Field = 'username' | 'email' | 'role' | 'password' | 'confirmPassword';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const EMPTY: Record<Field, string> = {
  username: '',
  email: '',
  role: 'technician' satisfies Role,
  password: '',
  confirmPassword: '',
};

/** What an open sign-up shows once sent: the server's one answer, the same for every request. */
function SignUpReceivedCard({ message }: { message: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Request sent</CardTitle>
        <CardDescription>{message}.</CardDescription>
      </CardHeader>
      <CardContent>
        <p>Once an administrator approves it, sign in on the Sign In tab with the username and password you chose.</p>
      </CardContent>
    </Card>
  );
}

/** The open sign-up: a staff account an administrator approves (an empty shop's admin uses the setup page). */
export function SignUpForm() {
  const [received, setReceived] = useState<string | null>(null);
  const register = useRegister(setReceived);
  // The confirmation is checked here and never sent: the API takes the password once.
  const form = usePageForm(registerForm, EMPTY, ({ confirmPassword: _confirm, ...body }) => register.mutate(body));

  if (received) return <SignUpReceivedCard message={received} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Create account</CardTitle>
        <CardDescription>
          Join your shop&apos;s team. An administrator reviews each request; you can sign in once it is approved.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PageForm
          label="Sign Up"
          onSubmit={form.submit}
          pending={register.isPending}
          submitLabel="Create Account"
          pendingLabel="Creating account..."
        >
          <AccountFields
            form={form}
            idPrefix="register"
            confirmId="register-confirm-password"
            afterEmail={
              <SelectField form={form} name="role" label="Role" id="register-role" named options={ROLE_OPTIONS} />
            }
          />
        </PageForm>
      </CardContent>
    </Card>
  );
}
