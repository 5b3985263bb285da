import { countOf } from '@shared/plural';
import { useEffect, useState } from 'react';
import { INSPECTION_STATUSES, type InspectionStatus } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { LoadingBlock } from '@web/components/ui/spinner';
import { humanize } from '@web/lib/format';
import { INSPECTIONS_PAGE_SIZE, useInspectionsPage } from '@web/entities/inspections/get-inspections-page';
import styles from './dashboard.module.css';
import { RetryAlert } from './retry-alert';
import { AllInspectionsRow } from './all-inspections-row';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All Statuses' },
  ...INSPECTION_STATUSES.map((status) => ({ value: status, label: humanize(status) })),
];

/** Waits until typing pauses before searching. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * 'View All': every inspection, 10 a page, with search and a status filter. A row opens the inspection
 * dialog on top of this list (closing it comes back here); 'Report' opens the report in a new tab.
 */
export function AllInspectionsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<InspectionStatus | 'all'>('all');
  const [page, setPage] = useState(0);
  // The cursor each page starts after, as the page before it answered (none for the first).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const q = useDebounced(search, 300);
  const result = useInspectionsPage({ q, status, page, after: cursors[page] }, open);

  // A new search or filter starts on the first page, with no cursor kept from the last one.
  useEffect(() => {
    setPage(0);
    setCursors([undefined]);
  }, [q, status]);

  const next = result.data?.next;
  const goNext = () => {
    setCursors((known) => [...known.slice(0, page + 1), next]);
    setPage(page + 1);
  };

  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / INSPECTIONS_PAGE_SIZE));
  const items = result.data?.items ?? [];
  const first = total === 0 ? 0 : page * INSPECTIONS_PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * INSPECTIONS_PAGE_SIZE);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="All Inspections" wide>
      <div className={styles.filters}>
        <Input
          type="search"
          aria-label="Search inspections"
          placeholder="Search customer, vehicle, plate or VIN"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select
          aria-label="Filter by status"
          options={STATUS_OPTIONS}
          value={status}
          onValueChange={(v) => setStatus(v as InspectionStatus | 'all')}
        />
      </div>
      {result.isPending ? (
        <LoadingBlock text="Loading inspections..." />
      ) : result.isError ? (
        <RetryAlert onRetry={() => void result.refetch()}>The inspections could not be loaded.</RetryAlert>
      ) : items.length === 0 ? (
        <EmptyState
          title="No inspections found"
          description={
            q || status !== 'all' ? 'Try a different search or status' : 'Start by creating your first inspection'
          }
        />
      ) : (
        <>
          <ul className={styles.list} aria-busy={result.isPlaceholderData}>
            {items.map((inspection) => (
              <li key={inspection.id}>
                <AllInspectionsRow inspection={inspection} />
              </li>
            ))}
          </ul>
          <nav className={styles.pager} aria-label="Pages">
            <p className={styles.muted} aria-live="polite">
              Showing {first}–{last} of {countOf(total, 'inspection', 'inspections')}
            </p>
            <div className={styles.pagerButtons}>
              <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className={styles.muted}>
                Page {page + 1} of {pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page + 1 >= pages || next === undefined || result.isPlaceholderData}
                onClick={goNext}
              >
                Next
              </Button>
            </div>
          </nav>
        </>
      )}
    </Dialog>
  );
}
