import { Plus, Receipt, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CardGrid } from '@web/components/list-layout/card-grid';
import { filterChoices, ListSearch, ListSelect, useTypedFilters } from '@web/components/list-layout/list-filters';
import { ListLayout, ListNotice, ListToolbar } from '@web/components/list-layout/list-layout';
import { ListStates, loadStates } from '@web/components/list-layout/list-states';
import { Button } from '@web/components/ui/button';
import { useConfirmDelete } from '@web/components/ui/confirm-delete';
import { useDeleteInvoice } from '@web/entities/invoices/delete-invoice';
import { INVOICES_PAGE_SIZE, useInvoices } from '@web/entities/invoices/get-invoices';
import type { InvoiceListParams } from '@web/entities/invoices/invoice-keys';
import { InvoiceCard } from './invoice-card';
import { ReceiptDialog } from './receipt-dialog';
import { useOnline } from '@web/lib/use-online';
import { Pager } from '@web/components/ui/pager';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All Status' },
  { value: 'draft', label: 'Draft' },
  { value: 'sent', label: 'Sent' },
  { value: 'paid', label: 'Paid' },
];
const SORT_OPTIONS = [
  { value: 'date', label: 'Date Created' },
  { value: 'amount', label: 'Amount High-Low' },
  { value: 'customer', label: 'Customer Name' },
];

/** Receipts (menu 'Invoices'): search, status filter, sort, pages of 10, create and delete. */
export function InvoicesSection() {
  const online = useOnline();
  const remove = useDeleteInvoice();
  const [search, setSearch] = useState('');
  const [params, setParams] = useState<InvoiceListParams>({ q: '', status: 'all', sort: 'date', page: 0 });
  const choice = filterChoices(params, setParams);
  const [creating, setCreating] = useState(false);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'receipt',
    toastNoun: 'invoice',
    description: 'This action cannot be undone.',
  });
  const invoices = useInvoices(params);

  // Search as you type, a moment after the last key.
  const typing = useTypedFilters({ q: search }, params, setParams);

  // A page emptied by deletes falls back to the last page that still has receipts.
  const data = invoices.data;
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && params.page > 0) {
      setParams((p) => ({ ...p, page: Math.floor((data.total - 1) / INVOICES_PAGE_SIZE) }));
    }
  }, [data, params.page]);

  const items = invoices.data?.items ?? [];
  const total = invoices.data?.total ?? 0;
  const filtered = params.q.trim() !== '' || params.status !== 'all';
  const createButton = (
    <Button onClick={() => setCreating(true)} disabled={!online}>
      <Plus aria-hidden="true" /> Create Receipt
    </Button>
  );

  return (
    <ListLayout id="invoices" title="Receipts" action={createButton}>
      {online ? null : (
        <ListNotice icon={<WifiOff aria-hidden="true" />}>
          {' '}
          Receipts need a connection. Reconnect to see, create or delete receipts.
        </ListNotice>
      )}
      <ListToolbar label="Filter receipts">
        <ListSearch value={search} onChange={setSearch} placeholder="Customer, make, model or id" />
        <ListSelect label="Status" options={STATUS_OPTIONS} {...choice('status')} />
        <ListSelect label="Sort by" options={SORT_OPTIONS} {...choice('sort')} />
      </ListToolbar>
      <ListStates
        // Offline with nothing loaded, the notice above is the one message: no spinner that cannot finish.
        hidden={!online && items.length === 0}
        {...loadStates(invoices, 'receipts')}
        failed={invoices.isError && items.length === 0}
        emptyState={{
          icon: Receipt,
          title: 'No receipts found',
          description: filtered ? 'Try a different search or filter.' : 'Create your first receipt to get started.',
          action: filtered ? undefined : createButton,
        }}
      >
        <CardGrid label="Receipts" items={items} busy={typing || invoices.isFetching}>
          {(invoice) => <InvoiceCard invoice={invoice} onDelete={() => confirmDelete.ask(invoice.id)} />}
        </CardGrid>
        <Pager
          page={params.page}
          pageSize={INVOICES_PAGE_SIZE}
          total={total}
          noun={['invoice', 'invoices']}
          onPage={(page) => setParams((p) => ({ ...p, page }))}
        />
      </ListStates>
      {creating ? <ReceiptDialog onClose={() => setCreating(false)} /> : null}
      {confirmDelete.dialog}
    </ListLayout>
  );
}
