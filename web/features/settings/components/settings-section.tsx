import { LoadingBlock } from '@web/components/ui/spinner';
import { useCurrentUser } from '@web/lib/current-user';
import { ApprovalSignatureSetting } from './approval-signature-setting';
import { SendingPermissionSetting } from './sending-permission-setting';
import { ContactForm } from './contact-form';
import { PasswordForm } from './password-form';
import styles from './settings.module.css';
import { useOnline } from '@web/lib/use-online';
import { UnviewedAlertSetting } from '@web/widgets/sends/components/unviewed-alert-setting';
import { ShareLinkDaysSetting } from '@web/widgets/sends/components/share-link-days-setting';

/** The signed-in user's own settings: contact information and password. */
export function SettingsSection() {
  const user = useCurrentUser();
  const online = useOnline();
  return (
    <section className={styles.section} aria-labelledby="settings-heading">
      <div>
        <h1 id="settings-heading" className={styles.heading}>
          Settings
        </h1>
        <p className={styles.lead}>Your contact information and password. Saving needs a connection.</p>
      </div>
      {online ? null : (
        <p role="status" className={styles.offline}>
          You&apos;re offline. Settings need a connection to save.
        </p>
      )}
      {user ? (
        <div className={styles.columns}>
          {/* Remounted when another user signs in, so the form starts from their details. */}
          <ContactForm key={user.id} user={user} />
          <PasswordForm />
          {user.role === 'admin' ? <ApprovalSignatureSetting /> : null}
          {user.role === 'admin' ? <SendingPermissionSetting /> : null}
          {user.role === 'admin' && online ? <UnviewedAlertSetting /> : null}
          {user.role === 'admin' && online ? <ShareLinkDaysSetting /> : null}
        </div>
      ) : (
        <LoadingBlock text="Loading settings..." />
      )}
    </section>
  );
}
