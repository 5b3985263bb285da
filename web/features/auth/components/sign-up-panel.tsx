import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { appConfigQueryOptions } from '@web/entities/app-config/get-app-config';
import styles from './auth.module.css';
import { SignUpForm } from './sign-up-form';

/**
 * The Sign Up tab: the form while "Open sign-up" is on, otherwise how to get an account (an empty
 * shop looks the same: its first admin comes through the setup page with the server's setup code).
 * Read fresh each time: an admin may have changed it meanwhile.
 */
export function SignUpPanel() {
  const config = useQuery({ ...appConfigQueryOptions(), refetchOnMount: 'always' });
  if (config.isPending) return <LoadingBlock />;
  if ((config.data?.signUp ?? 'open') === 'open') return <SignUpForm />;
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
        <p>
          Setting up a new server? <Link to={paths.setup}>Create its administrator with the setup code</Link>.
        </p>
      </CardContent>
    </Card>
  );
}
