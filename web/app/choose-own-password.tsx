import { AuthLayout } from '@web/features/auth/components/auth-layout';
import { SignOutButton } from '@web/features/auth/components/sign-out-button';
import { PasswordForm } from '@web/features/settings/components/password-form';

/**
 * Before anything else, an account made with a password others know (the demo's) chooses its own;
 * the server refuses every other call until then. Changing it brings the app up.
 */
export function ChooseOwnPassword({ username }: { username: string }) {
  return (
    <AuthLayout>
      <section aria-labelledby="choose-password-title">
        <h2 id="choose-password-title">Choose your own password</h2>
        <p>
          The password you signed in with as <strong>{username}</strong> was printed for everyone who set up this shop.
          Choose one only you know before you go on; the current password is the one you just used.
        </p>
      </section>
      <PasswordForm />
      <SignOutButton />
    </AuthLayout>
  );
}
