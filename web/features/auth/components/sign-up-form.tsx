import { PRODUCT_NAME, ROLE_LABELS, ROLES, type Role, type SignUpMode } from '@shared/constants';
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

/** What the form is for: the empty shop's admin, or a staff account an admin will approve. */
function description(mode: Exclude<SignUpMode, 'closed'>, adminEmail: string): string {
  return mode === 'first-admin'
    ? `Set up ${PRODUCT_NAME} for your shop: the first account is the administrator's, with the email ${adminEmail}.`
    : "Join your shop's team. An administrator approves new accounts before they can be used.";
}

export function SignUpForm({ mode, adminEmail }: { mode: Exclude<SignUpMode, 'closed'>; adminEmail: string }) {
  const register = useRegister();
  // The confirmation is checked here and never sent: the API takes the password once.
  const form = usePageForm(registerForm, EMPTY, ({ confirmPassword: _confirm, ...body }) => register.mutate(body));

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Create account</CardTitle>
        <CardDescription>{description(mode, adminEmail)}</CardDescription>
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
