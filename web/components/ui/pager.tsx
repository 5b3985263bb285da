import { countOf } from '@shared/plural';
import { Button } from './button';
import styles from './pager.module.css';

export interface PagerProps {
  /** Zero-based page number. */
  page: number;
  pageSize: number;
  total: number;
  /** What is counted, singular and plural: 'Showing 1–20 of 45 customers', 'Showing 1–1 of 1 customer'. */
  noun: readonly [one: string, other: string];
  onPage: (page: number) => void;
  /** Shows nothing while everything fits on one page. */
  onlyWhenPaged?: boolean;
}

/** 'Showing 1–20 of N {noun}' with Previous / Next, for every paged list. */
export function Pager({ page, pageSize, total, noun, onPage, onlyWhenPaged }: PagerProps) {
  if (onlyWhenPaged && total <= pageSize) return null;
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav className={styles.pager} aria-label={`Pages of ${noun[1]}`}>
      <p aria-live="polite">
        Showing {first}–{last} of {countOf(total, ...noun)}
      </p>
      {total > pageSize ? (
        <div className={styles.buttons}>
          <Button variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Button variant="secondary" disabled={last >= total} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
