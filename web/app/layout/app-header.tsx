import { Bell, Menu } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { Tooltip } from '@web/components/ui/tooltip';
import { SignOutButton } from '@web/features/auth/components/sign-out-button';
import { UploadStatus } from '@web/widgets/media/components/upload-status';
import { SyncStatusControl } from '@web/features/sync/components/sync-status';
import { InstallButton } from '../pwa/install-button';
import styles from './shell.module.css';

export interface AppHeaderProps {
  onOpenMenu: () => void;
  menuOpen: boolean;
}

/** Mobile menu button (below 1024 px), the sync state and pending uploads, notifications and logout. */
export function AppHeader({ onOpenMenu, menuOpen }: AppHeaderProps) {
  return (
    <header className={styles.header}>
      <Button
        variant="ghost"
        size="icon"
        className={styles.menuButton}
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls="mobile-nav"
        onClick={onOpenMenu}
      >
        <Menu aria-hidden="true" />
      </Button>
      <div className={styles.headerSpacer} />
      <InstallButton />
      <SyncStatusControl />
      <UploadStatus />
      <Tooltip content="Notifications">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Notifications"
          onClick={() => toast({ title: 'Notifications', description: 'No new notifications' })}
        >
          <Bell aria-hidden="true" />
        </Button>
      </Tooltip>
      <SignOutButton textClassName={styles.logoutText} />
    </header>
  );
}
