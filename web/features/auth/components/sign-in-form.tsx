import { useState, type FormEvent } from 'react';
import { loginBody } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { validate, type FieldErrors } from '../../../lib/form-errors';
import { useAppConfig } from '../api/get-app-config';
import { useLogin } from '../api/login';
import styles from './auth.module.css';

type Field = 'username' | 'password';

export function SignInForm() {
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const login = useLogin();
  const config = useAppConfig();
  const supportEmail = config.data?.supportEmail ?? '';

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) {
      const result = validate<typeof loginBody, Field>(loginBody, next);
      setErrors(result.success ? {} : result.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate<typeof loginBody, Field>(loginBody, values);
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    login.mutate(result.data);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Welcome back</CardTitle>
        <CardDescription>Sign in to your account</CardDescription>
      </CardHeader>
      <CardContent>
        <form className={styles.form} onSubmit={submit} noValidate aria-label="Sign In">
          <FormField label="Username" error={errors.username} id="login-username">
            <Input
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              value={values.username}
              onChange={(e) => change('username', e.target.value)}
            />
          </FormField>
          <FormField label="Password" error={errors.password} id="login-password">
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
            />
          </FormField>
          <a className={styles.forgot} href={`mailto:${supportEmail}?subject=Password Reset Request`}>
            Forgot Password?
          </a>
          <Button type="submit" block disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
