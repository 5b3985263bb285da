import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import styles from './list-layout.module.css';

export interface ListLayoutProps {
  /** Names the heading's id (`<id>-heading`), which labels the section. */
  id: string;
  title: ReactNode;
  /** A line under the heading that says what the section is for. */
  lead?: ReactNode;
  /** The section's main action (e.g. 'Add Customer'), at the end of the heading row. */
  action?: ReactNode;
  /** Notices, the toolbar and the list (ListStates), in that order. */
  children: ReactNode;
}

/** A staff list section: the heading row with its action, then what the section shows. */
export function ListLayout({ id, title, lead, action, children }: ListLayoutProps) {
  const heading = (
    <h1 id={`${id}-heading`} className={styles.heading}>
      {title}
    </h1>
  );
  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <div className={cn(styles.header, lead ? styles.headerWithLead : undefined)}>
        {lead ? (
          <div>
            {heading}
            <p className={styles.lead}>{lead}</p>
          </div>
        ) : (
          heading
        )}
        {action}
      </div>
      {children}
    </section>
  );
}

export interface ListNoticeProps {
  /** An icon before the text, in the notice's colour. */
  icon?: ReactNode;
  children: ReactNode;
}

/** A status line above the list, e.g. that the section needs a connection. */
export function ListNotice({ icon, children }: ListNoticeProps) {
  return (
    <p role="status" className={icon ? styles.noticeWithIcon : styles.notice}>
      {icon}
      {children}
    </p>
  );
}

export interface ListToolbarProps {
  /** The search landmark's name (e.g. 'Filter customers'); none for a plain row of filters. */
  label?: string;
  /** Makes the toolbar a form (Enter in the search applies it). */
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
  /** Wider filters (a customer picker): columns of 14rem instead of 12rem. */
  wide?: boolean;
  children: ReactNode;
}

/** Search and filters in columns that wrap to the width there is. */
export function ListToolbar({ label, onSubmit, wide, children }: ListToolbarProps) {
  const className = cn(styles.toolbar, wide ? styles.toolbarWide : undefined);
  const search = label ? { role: 'search', 'aria-label': label } : {};
  return onSubmit ? (
    <form className={className} onSubmit={onSubmit} {...search}>
      {children}
    </form>
  ) : (
    <div className={className} {...search}>
      {children}
    </div>
  );
}
