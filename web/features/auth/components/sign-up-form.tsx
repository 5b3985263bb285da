import { useState, type FormEvent } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '../../../../shared/constants';
import { registerForm } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { validate, type FieldErrors } from '../../../lib/form-errors';
import { useRegister } from '../api/register';
import styles from './auth.module.css';

type Field = 'username' | 'email' | 'role' | 'password' | 'confirmPassword';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const EMPTY: Record<Field, string> = {
  username: '',
  email: '',
  role: 'technician' satisfies Role,
  password: '',
  confirmPassword: '',
};

export function SignUpForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const register = useRegister();

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) {
      const result = validate<typeof registerForm, Field>(registerForm, next);
      setErrors(result.success ? {} : result.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate<typeof registerForm, Field>(registerForm, values);
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    // The confirmation is checked here and never sent (spec §5).
    const { confirmPassword: _confirm, ...body } = result.data;
    register.mutate(body);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Create account</CardTitle>
        <CardDescription>Join your shop&apos;s team</CardDescription>
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
