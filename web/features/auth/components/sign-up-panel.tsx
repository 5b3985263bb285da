import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { appConfigQueryOptions } from '@web/entities/app-config/get-app-config';
import styles from './auth.module.css';
import { SignUpForm } from './sign-up-form';

/**
 * The Sign Up tab: the form while the shop can take a sign-up (its first admin, or "Open sign-up"),
 * otherwise how to get an account. Read fresh each time: an admin may have changed it meanwhile.
 */
export function SignUpPanel() {
  const config = useQuery({ ...appConfigQueryOptions(), refetchOnMount: 'always' });
  if (config.isPending) return <LoadingBlock />;
  const mode = config.data?.signUp ?? 'open';
  if (mode !== 'closed') return <SignUpForm mode={mode} adminEmail={config.data?.adminEmail ?? ''} />;
  const supportEmail = config.data?.supportEmail ?? '';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">How to get an account</CardTitle>
        <CardDescription>Staff accounts are made by your shop&apos;s administrator.</CardDescription>
      </CardHeader>
      <CardContent className={styles.closed}>
        <p>
          Ask your administrator to add you on the Users screen, or to send you an invite link. The link lets you choose
          your own username and password.
        </p>
        {supportEmail ? (
          <p>
            Questions? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
