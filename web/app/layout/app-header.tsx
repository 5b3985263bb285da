import { Bell, LogOut, Menu } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { Tooltip } from '../../components/ui/tooltip';
import { useLogout } from '../../features/auth/api/logout';
import styles from './shell.module.css';

export interface AppHeaderProps {
  onOpenMenu: () => void;
  menuOpen: boolean;
}

/** Mobile menu button (below 1024 px), notifications and logout. */
export function AppHeader({ onOpenMenu, menuOpen }: AppHeaderProps) {
  const logout = useLogout();
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
      <Tooltip content="Log out">
        <Button variant="ghost" onClick={() => logout.mutate()} disabled={logout.isPending} aria-label="Logout">
          <LogOut aria-hidden="true" />
          <span className={styles.logoutText}>Logout</span>
        </Button>
      </Tooltip>
    </header>
  );
}
