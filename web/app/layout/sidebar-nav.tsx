import { ExternalLink, Wrench } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME, ROLE_LABELS } from '@shared/constants';
import type { User } from '@shared/schemas/user';
import { EXTERNAL_LINKS, paths, type Section } from '@web/config/paths';
import { cn } from '@web/lib/cn';
import {
  ADMIN_NAV,
  DEFERRED_NAV,
  DEFERRED_ROLES,
  MAIN_NAV,
  REPORTS_NAV,
  REPORTS_ROLES,
  type NavItem,
} from './nav-items';
import styles from './shell.module.css';

export interface SidebarNavProps {
  user: User;
  /** The highlighted section (null on pages that are not a section). */
  active: Section | null;
  /** Called after a link is followed (the mobile sheet closes). */
  onNavigate?: () => void;
}

/** Title, sections, the admin group, the two external links and the user block. */
export function SidebarNav({ user, active, onNavigate }: SidebarNavProps) {
  const item = ({ section, label, icon: Icon }: NavItem) => (
    <li key={section}>
      <Link
        to={paths.home(section)}
        className={cn(styles.navLink, active === section && styles.navLinkActive)}
        aria-current={active === section ? 'page' : undefined}
        onClick={onNavigate}
      >
        <Icon aria-hidden="true" />
        {label}
      </Link>
    </li>
  );
  return (
    <div className={styles.sidebarInner}>
      <div className={styles.brand}>
        <Wrench className={styles.brandIcon} aria-hidden="true" />
        <span>{PRODUCT_NAME}</span>
      </div>
      <nav className={styles.nav} aria-label="Main">
        <ul className={styles.navList}>
          {[
            ...MAIN_NAV,
            ...(DEFERRED_ROLES.includes(user.role) ? [DEFERRED_NAV] : []),
            ...(REPORTS_ROLES.includes(user.role) ? [REPORTS_NAV] : []),
          ].map(item)}
        </ul>
        {user.role === 'admin' ? (
          <div className={styles.navGroup} role="group" aria-labelledby="nav-admin-heading">
            <p id="nav-admin-heading" className={styles.navGroupTitle}>
              Admin
            </p>
            <ul className={styles.navList}>{ADMIN_NAV.map(item)}</ul>
          </div>
        ) : null}
        <ul className={cn(styles.navList, styles.externalList)}>
          <li>
            <a className={styles.navLink} href={EXTERNAL_LINKS.vinDecoder} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              VIN Decoder
            </a>
          </li>
          <li>
            <a className={styles.navLink} href={EXTERNAL_LINKS.allData} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              AllData Log-In
            </a>
          </li>
        </ul>
      </nav>
      <Link
        to={paths.home('settings')}
        className={cn(styles.userBlock, active === 'settings' && styles.navLinkActive)}
        aria-current={active === 'settings' ? 'page' : undefined}
        title="Settings"
        onClick={onNavigate}
        data-testid="user-block"
      >
        <span className={styles.avatar} aria-hidden="true">
          {user.username.charAt(0).toUpperCase()}
        </span>
        <span className={styles.userText}>
          <span className={styles.userName}>{user.username}</span>
          <span className={styles.userRole}>{ROLE_LABELS[user.role]}</span>
        </span>
      </Link>
    </div>
  );
}
