import { loginBody } from '@shared/schemas/user';
import { TextField } from '@web/components/form-dialog/fields';
import { PageForm } from '@web/components/form-dialog/page-form';
import { usePageForm } from '@web/components/form-dialog/use-page-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useAppConfig } from '@web/entities/app-config/get-app-config';
import { useLogin } from '../api/login';
import styles from './auth.module.css';

type Field = 'username' | 'password';

const EMPTY: Record<Field, string> = { username: '', password: '' };

export function SignInForm() {
  const login = useLogin();
  const config = useAppConfig();
  const supportEmail = config.data?.supportEmail ?? '';
  const form = usePageForm(loginBody, EMPTY, (data) => login.mutate(data));

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Welcome back</CardTitle>
        <CardDescription>Sign in to your account</CardDescription>
      </CardHeader>
      <CardContent>
        <PageForm
          label="Sign In"
          onSubmit={form.submit}
          pending={login.isPending}
          submitLabel="Sign In"
          pendingLabel="Signing in..."
        >
          <TextField
            form={form}
            name="username"
            label="Username"
            id="login-username"
            autoComplete="username"
            autoCapitalize="none"
          />
          <TextField
            form={form}
            name="password"
            label="Password"
            id="login-password"
            type="password"
            autoComplete="current-password"
          />
          <a className={styles.forgot} href={`mailto:${supportEmail}?subject=Password Reset Request`}>
            Forgot Password?
          </a>
        </PageForm>
      </CardContent>
    </Card>
  );
}
