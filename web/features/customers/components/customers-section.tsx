import { Plus, Users } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { Customer } from '@shared/schemas/customer';
import { CardGrid } from '@web/components/list-layout/card-grid';
import { ListLayout, ListToolbar } from '@web/components/list-layout/list-layout';
import { ListStates } from '@web/components/list-layout/list-states';
import { Button } from '@web/components/ui/button';
import { useConfirmDelete } from '@web/components/ui/confirm-delete';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
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
  const [status, setStatus] = useState<CustomerListParams['status']>('all');
  const [sort, setSort] = useState<CustomerListParams['sort']>('name');
  const [params, setParams] = useState<CustomerListParams>({ q: '', status: 'all', sort: 'name', page: 0 });
  const [editing, setEditing] = useState<Editing>(null);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'customer',
    description: 'Their vehicles and inspections are deleted with them.',
  });
  const customers = useCustomers(params);
  const unsent = usePendingIds();

  // Choices apply at once (search a moment after typing); 'Apply Filters' applies them all now.
  useEffect(() => {
    const timer = setTimeout(() => setParams((p) => (p.q === search ? p : { ...p, q: search, page: 0 })), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setParams({ q: search, status, sort, page: 0 });
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
        <FormField label="Search">
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search customers..."
          />
        </FormField>
        <FormField label="Status">
          <Select
            options={STATUS_OPTIONS}
            value={status}
            onValueChange={(v) => {
              setStatus(v as CustomerListParams['status']);
              setParams((p) => ({ ...p, status: v as CustomerListParams['status'], page: 0 }));
            }}
          />
        </FormField>
        <FormField label="Sort by">
          <Select
            options={SORT_OPTIONS}
            value={sort}
            onValueChange={(v) => {
              setSort(v as CustomerListParams['sort']);
              setParams((p) => ({ ...p, sort: v as CustomerListParams['sort'], page: 0 }));
            }}
          />
        </FormField>
        <Button type="submit" variant="secondary">
          Apply Filters
        </Button>
      </ListToolbar>
      <ListStates
        pending={customers.isPending}
        loadingText="Loading customers..."
        failed={customers.isError}
        error="Customers could not be loaded. Check the connection and try again."
        empty={items.length === 0}
        emptyState={{
          icon: Users,
          title: 'No customers found',
          description: filtered ? 'Try a different search or filter.' : 'Add your first customer to get started.',
          action: addButton,
        }}
      >
        <CardGrid label="Customers" items={items} align="start">
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
