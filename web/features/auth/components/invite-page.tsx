import { Link2Off } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { ROLE_LABELS } from '@shared/constants';
import { acceptInviteForm, type PublicInvite } from '@shared/schemas/invite';
import { PageForm } from '@web/components/form-dialog/page-form';
import { usePageForm } from '@web/components/form-dialog/use-page-form';
import { buttonClass } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { ApiError } from '@web/lib/api-client';
import { useCurrentUser } from '@web/lib/current-user';
import { useInvite } from '@web/entities/invites/get-invite';
import { useAcceptInvite } from '../api/invite';
import { AuthLayout } from './auth-layout';
import styles from './auth.module.css';
import { AccountFields } from './account-fields';

type Field = 'username' | 'email' | 'password' | 'confirmPassword';
const EMPTY: Record<Field, string> = { username: '', email: '', password: '', confirmPassword: '' };

const untilDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: 'long', day: 'numeric', year: 'numeric' });

function InviteForm({ token, invite }: { token: string; invite: PublicInvite }) {
  const accept = useAcceptInvite(token);
  const navigate = useNavigate();
  const me = useCurrentUser();
  const form = usePageForm(acceptInviteForm, EMPTY, ({ confirmPassword: _confirm, ...body }) =>
    accept.mutate(body, { onSuccess: () => void navigate(paths.home(), { replace: true }) }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Join {invite.shopName ?? 'your shop'}</CardTitle>
        <CardDescription>
          You&apos;re invited as a {ROLE_LABELS[invite.role]}. Choose your username and password; the link works until{' '}
          {untilDate(invite.expiresAt)}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {me ? (
          <p className={styles.note}>
            You&apos;re signed in as {me.username}. Creating this account signs you in as the new account instead.
          </p>
        ) : null}
        <PageForm
          label="Accept invite"
          onSubmit={form.submit}
          pending={accept.isPending}
          submitLabel="Create Account"
          pendingLabel="Creating account..."
        >
          <AccountFields form={form} idPrefix="invite" confirmId="invite-confirmPassword" />
        </PageForm>
      </CardContent>
    </Card>
  );
}

/** /invite/:token: an invite link from an administrator; the invitee picks a username and password. */
export function InvitePage({ token }: { token: string }) {
  const invite = useInvite(token);
  const unusable = invite.error instanceof ApiError && [400, 404, 410].includes(invite.error.status);
  return (
    <AuthLayout>
      {invite.isPending ? (
        <LoadingBlock text="Loading invite..." />
      ) : invite.data ? (
        <InviteForm token={token} invite={invite.data} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle as="h2">
              <Link2Off className={styles.inlineIcon} aria-hidden="true" /> This invite cannot be used
            </CardTitle>
          </CardHeader>
          <CardContent className={styles.closed}>
            <p role="alert">
              {unusable && invite.error instanceof ApiError
                ? (invite.error.serverMessage ?? invite.error.message)
                : 'The invite could not be loaded. Check your connection and try again.'}
            </p>
            <Link to={paths.auth} className={buttonClass('secondary')}>
              Go to Sign In
            </Link>
          </CardContent>
        </Card>
      )}
    </AuthLayout>
  );
}
