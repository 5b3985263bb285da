import { Plus, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Customer } from '@shared/schemas/customer';
import { CardGrid } from '@web/components/list-layout/card-grid';
import { filterChoices, ListSearch, ListSelect, useTypedFilters } from '@web/components/list-layout/list-filters';
import { ListLayout, ListToolbar } from '@web/components/list-layout/list-layout';
import { ListStates, loadStates } from '@web/components/list-layout/list-states';
import { Button } from '@web/components/ui/button';
import { useConfirmDelete } from '@web/components/ui/confirm-delete';
import { usePendingIds } from '@web/lib/use-sync';
import { useDeleteCustomer } from '@web/entities/customers/delete-customer';
import type { CustomerListParams } from '@web/entities/customers/customer-keys';
import { CUSTOMERS_PAGE_SIZE, useCustomers } from '@web/entities/customers/get-customers';
import { CustomerCard } from './customer-card';
import { CustomerForm } from './customer-form';
import { Pager } from '@web/components/ui/pager';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const SORT_OPTIONS = [
  { value: 'name', label: 'Name A-Z' },
  { value: 'recent', label: 'Recently Added' },
  { value: 'updated', label: 'Last Updated' },
];

type Editing = { customer: Customer | undefined } | null;

export function CustomersSection() {
  const remove = useDeleteCustomer();
  const [search, setSearch] = useState('');
  const [params, setParams] = useState<CustomerListParams>({ q: '', status: 'all', sort: 'name', page: 0 });
  const choice = filterChoices(params, setParams);
  const [editing, setEditing] = useState<Editing>(null);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'customer',
    description: 'Their vehicles and inspections are deleted with them.',
  });
  const customers = useCustomers(params);
  const unsent = usePendingIds();

  // Choices apply at once (search a moment after typing); 'Apply Filters' applies them all now.
  const typing = useTypedFilters({ q: search }, params, setParams);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setParams((p) => ({ ...p, q: search, page: 0 }));
  };

  const items = customers.data?.items ?? [];
  const filtered = params.q !== '' || params.status !== 'all';
  const addButton = (
    <Button onClick={() => setEditing({ customer: undefined })}>
      <Plus aria-hidden="true" /> Add Customer
    </Button>
  );

  return (
    <ListLayout id="customers" title="Customers" action={addButton}>
      <ListToolbar label="Filter customers" onSubmit={apply}>
        <ListSearch value={search} onChange={setSearch} placeholder="Search customers..." />
        <ListSelect label="Status" options={STATUS_OPTIONS} {...choice('status')} />
        <ListSelect label="Sort by" options={SORT_OPTIONS} {...choice('sort')} />
        <Button type="submit" variant="secondary">
          Apply Filters
        </Button>
      </ListToolbar>
      <ListStates
        {...loadStates(customers, 'customers')}
        emptyState={{
          icon: Users,
          title: 'No customers found',
          description: filtered ? 'Try a different search or filter.' : 'Add your first customer to get started.',
          action: addButton,
        }}
      >
        <CardGrid label="Customers" items={items} align="start" busy={typing || customers.isPlaceholderData}>
          {(customer) => (
            <CustomerCard
              customer={customer}
              unsent={unsent}
              onEdit={() => setEditing({ customer })}
              onDelete={() => confirmDelete.ask(customer)}
            />
          )}
        </CardGrid>
        <Pager
          page={params.page}
          pageSize={CUSTOMERS_PAGE_SIZE}
          total={customers.data?.total ?? 0}
          noun={['customer', 'customers']}
          onPage={(page) => setParams((p) => ({ ...p, page }))}
        />
      </ListStates>
      {editing ? <CustomerForm customer={editing.customer} onClose={() => setEditing(null)} /> : null}
      {confirmDelete.dialog}
    </ListLayout>
  );
}
