import { loginBody } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useAppConfig } from '../../../entities/app-config/get-app-config';
import { useLogin } from '../api/login';
import styles from './auth.module.css';
import { useAuthForm } from './use-auth-form';

type Field = 'username' | 'password';

const EMPTY: Record<Field, string> = { username: '', password: '' };

export function SignInForm() {
  const login = useLogin();
  const config = useAppConfig();
  const supportEmail = config.data?.supportEmail ?? '';
  const { values, errors, change, submit } = useAuthForm(loginBody, EMPTY, (data) => login.mutate(data));

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
