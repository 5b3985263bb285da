import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Section } from '@web/config/paths';
import { useCurrentUser } from '@web/features/auth/api/use-current-user';
import { PasswordChangeNotice } from '@web/features/auth/components/password-change-notice';
import { AppHeader } from './app-header';
import { MobileNav } from './mobile-nav';
import { SidebarNav } from './sidebar-nav';
import styles from './shell.module.css';

export interface AppShellProps {
  /** The section highlighted in the sidebar (null on pages outside the sections). */
  active: Section | null;
  children: ReactNode;
}

/** The signed-in layout: sidebar from 1024 px (a sheet below), header, and the page. */
export function AppShell({ active, children }: AppShellProps) {
  const user = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);

  // A new section starts at the top, and screen readers hear where they are.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    mainRef.current?.focus({ preventScroll: true });
  }, [active]);

  if (!user) return null;
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <aside className={styles.sidebar} aria-label="Sidebar">
        <SidebarNav user={user} active={active} />
      </aside>
      <MobileNav open={menuOpen} onOpenChange={setMenuOpen} user={user} active={active} />
      <div className={styles.column}>
        <AppHeader onOpenMenu={() => setMenuOpen(true)} menuOpen={menuOpen} />
        <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
          <div className={styles.content}>
            <PasswordChangeNotice />
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}
