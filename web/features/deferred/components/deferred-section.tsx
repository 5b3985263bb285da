import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import type { DeferredSort } from '@shared/schemas/deferred';
import { CardGrid } from '@web/components/list-layout/card-grid';
import { filterChoices, ListSearch, ListSelect, useTypedFilters } from '@web/components/list-layout/list-filters';
import { ListLayout, ListToolbar } from '@web/components/list-layout/list-layout';
import { ListStates, loadStates } from '@web/components/list-layout/list-states';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Pager } from '@web/components/ui/pager';
import { useToast } from '@web/components/ui/toast';
import { usePendingIds } from '@web/lib/use-sync';
import type { DeferredListParams } from '@web/entities/deferred/deferred-keys';
import { DEFERRED_PAGE_SIZE, useDeferredList } from '@web/entities/deferred/get-deferred';
import { useUpdateDeferred } from '@web/entities/deferred/update-deferred';
import { DeferredLine } from './deferred-line';
import styles from '@web/widgets/deferred/deferred.module.css';

const SORT_OPTIONS: { value: DeferredSort; label: string }[] = [
  { value: 'age', label: 'Oldest first' },
  { value: 'value', label: 'Highest value' },
  { value: 'customer', label: 'Customer A-Z' },
];

/** Open declined work of every vehicle, to call customers back about; works offline. */
export function DeferredSection() {
  const { toast } = useToast();
  const update = useUpdateDeferred();
  const unsent = usePendingIds();
  const [search, setSearch] = useState('');
  const [minValue, setMinValue] = useState('');
  const [params, setParams] = useState<DeferredListParams>({
    q: '',
    sort: 'age',
    minValue: '',
    dueOnly: false,
    page: 0,
  });
  const choice = filterChoices(params, setParams);
  const lines = useDeferredList(params);

  // Typing applies a moment after the last key, like the customers list.
  const typing = useTypedFilters({ q: search, minValue }, params, setParams);

  const items = lines.data?.items ?? [];
  const filtered = params.q !== '' || params.minValue !== '' || params.dueOnly;

  return (
    <ListLayout id="deferred" title="Deferred work">
      <ListToolbar label="Filter deferred work" onSubmit={(e) => e.preventDefault()}>
        <ListSearch value={search} onChange={setSearch} placeholder="Customer, phone, vehicle, work..." />
        <FormField label="Minimum value ($)">
          <Input
            type="number"
            inputMode="decimal"
            min="0"
            step="1"
            value={minValue}
            onChange={(e) => setMinValue(e.target.value)}
          />
        </FormField>
        <ListSelect label="Sort by" options={SORT_OPTIONS} {...choice('sort')} />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={params.dueOnly}
            onChange={(e) => setParams((p) => ({ ...p, dueOnly: e.target.checked, page: 0 }))}
          />
          Follow-up due
        </label>
      </ListToolbar>
      <ListStates
        {...loadStates(lines, 'deferred work')}
        emptyState={{
          icon: ClipboardList,
          title: 'No open deferred work',
          description: filtered
            ? 'Try a different search or filter.'
            : 'Declined work of finished inspections shows here.',
        }}
      >
        <CardGrid label="Deferred work" items={items} columns="rows" busy={typing || lines.isPlaceholderData}>
          {(line) => (
            <DeferredLine
              line={line}
              unsent={unsent.has(line.id)}
              pending={update.isPending}
              onChange={(changes) =>
                update.mutate(
                  { line, changes },
                  {
                    onSuccess: () => {
                      if (changes.status === 'dismissed') toast({ title: 'Deferred work dismissed' });
                    },
                    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
                  },
                )
              }
            />
          )}
        </CardGrid>
        <Pager
          page={params.page}
          pageSize={DEFERRED_PAGE_SIZE}
          total={lines.data?.total ?? 0}
          noun={['open line', 'open lines']}
          onPage={(page) => setParams((p) => ({ ...p, page }))}
        />
      </ListStates>
    </ListLayout>
  );
}
