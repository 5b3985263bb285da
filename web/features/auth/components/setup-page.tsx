import { PRODUCT_NAME } from '@shared/constants';
import { setupForm } from '@shared/schemas/user';
import { TextField } from '@web/components/form-dialog/fields';
import { PageForm } from '@web/components/form-dialog/page-form';
import { usePageForm } from '@web/components/form-dialog/use-page-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useRegister } from '../api/register';
import { AccountFields } from './account-fields';
import { AuthLayout } from './auth-layout';

type Field = 'setupCode' | 'username' | 'email' | 'password' | 'confirmPassword';
const EMPTY: Record<Field, string> = { setupCode: '', username: '', email: '', password: '', confirmPassword: '' };

/**
 * /setup: an empty shop's first account, its administrator. The server printed the setup code and
 * the admin email when it started; the page looks the same on every shop, so it tells no stranger
 * whether this one is still unclaimed (a wrong or used code gets one answer).
 */
export function SetupPage() {
  const register = useRegister();
  const form = usePageForm(setupForm, EMPTY, ({ confirmPassword: _confirm, ...body }) =>
    register.mutate({ ...body, role: 'admin' }),
  );
  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Set up {PRODUCT_NAME}</CardTitle>
          <CardDescription>
            Create the shop&apos;s administrator with the setup code and the email the server printed when it first
            started (the code is also in the file setup-code in its data folder).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PageForm
            label="Set up"
            onSubmit={form.submit}
            pending={register.isPending}
            submitLabel="Create Administrator"
            pendingLabel="Creating account..."
          >
            <TextField
              form={form}
              name="setupCode"
              label="Setup code"
              id="setup-code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
            <AccountFields form={form} idPrefix="setup" confirmId="setup-confirm-password" />
          </PageForm>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
