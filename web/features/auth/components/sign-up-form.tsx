import { PRODUCT_NAME, ROLE_LABELS, ROLES, type Role, type SignUpMode } from '../../../../shared/constants';
import { registerForm } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useRegister } from '../api/register';
import styles from './auth.module.css';
import { useAuthForm } from './use-auth-form';

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
  const { values, errors, change, submit } = useAuthForm(registerForm, EMPTY, ({ confirmPassword: _confirm, ...body }) =>
    register.mutate(body),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Create account</CardTitle>
        <CardDescription>{description(mode, adminEmail)}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className={styles.form} onSubmit={submit} noValidate aria-label="Sign Up">
          <FormField label="Username" error={errors.username} id="register-username">
            <Input
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              value={values.username}
              onChange={(e) => change('username', e.target.value)}
            />
          </FormField>
          <FormField label="Email" error={errors.email} id="register-email">
            <Input
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              onChange={(e) => change('email', e.target.value)}
            />
          </FormField>
          <FormField label="Role" error={errors.role} id="register-role">
            <Select name="role" options={ROLE_OPTIONS} value={values.role} onValueChange={(v) => change('role', v)} />
          </FormField>
          <FormField label="Password" error={errors.password} id="register-password">
            <Input
              name="password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
            />
          </FormField>
          <FormField label="Confirm Password" error={errors.confirmPassword} id="register-confirm-password">
            <Input
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(e) => change('confirmPassword', e.target.value)}
            />
          </FormField>
          <Button type="submit" block disabled={register.isPending}>
            {register.isPending ? 'Creating account...' : 'Create Account'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
