import { useMemo, useState, type FormEvent } from 'react';
import { INVOICE_STATUSES, type InvoiceStatus } from '@shared/constants';
import type { Inspection } from '@shared/schemas/inspection';
import { createInvoiceBody } from '@shared/schemas/invoice';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { useToast } from '@web/components/ui/toast';
import { TotalsList } from '@web/components/ui/totals-list';
import { newClientId } from '@web/lib/api-client';
import { validate, type FieldErrors } from '@web/lib/form-errors';
import { humanize } from '@web/lib/format';
import { useCreateInvoice, type CreateInvoiceInput } from '@web/entities/invoices/create-invoice';
import { ApprovedServices } from './approved-services';
import { InspectionPicker } from './inspection-picker';
import { LineItemsEditor } from './line-items-editor';
import { receiptTotals, type LineItemDraft } from './receipt-totals';
import styles from './invoices.module.css';

const STATUS_OPTIONS = INVOICE_STATUSES.map((value) => ({ value, label: humanize(value) }));

/** The create-receipt dialog: inspection, status, notes, custom line items and live totals. */
export function ReceiptDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const create = useCreateInvoice();
  // One id for this receipt: a retry after a lost response can never make a second one.
  const [id] = useState(newClientId);
  const [inspection, setInspection] = useState<Inspection | null>(null);
  const [status, setStatus] = useState<InvoiceStatus>('draft');
  const [notes, setNotes] = useState('');
  const [items, setItems] = useState<LineItemDraft[]>([]);
  const [tried, setTried] = useState(false);
  const totals = useMemo(() => receiptTotals(inspection, items), [inspection, items]);

  const body: CreateInvoiceInput = {
    id,
    inspectionId: inspection?.id ?? '',
    status,
    notes: notes.trim() || null,
    lineItems: items.map((item) => ({
      id: item.key,
      description: item.description.trim(),
      amount: item.amount.trim(),
    })),
  };
  const check = validate(createInvoiceBody, body);
  // Messages appear after the first try, then follow the edits.
  const errors: FieldErrors = tried && !check.success ? check.errors : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (!check.success) return;
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Receipt created' });
        onClose();
      },
      onError: () => toast({ title: 'Error', description: 'Failed to create receipt', variant: 'destructive' }),
    });
  };

  const changeItem = (key: string, changes: Partial<LineItemDraft>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...changes } : item)));

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Create Receipt"
      onSubmit={submit}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create Receipt'}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <InspectionPicker value={inspection} onChange={setInspection} error={errors.inspectionId} />
        {inspection ? <ApprovedServices inspection={inspection} /> : null}
        <FormField label="Status" error={errors.status}>
          <Select options={STATUS_OPTIONS} value={status} onValueChange={(v) => setStatus(v as InvoiceStatus)} />
        </FormField>
        <FormField label="Notes" error={errors.notes}>
          <Textarea name="notes" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </FormField>
        <LineItemsEditor
          items={items}
          errors={errors}
          onChange={changeItem}
          onAdd={() => setItems((list) => [...list, { key: newClientId(), description: '', amount: '' }])}
          onRemove={(key) => setItems((list) => list.filter((item) => item.key !== key))}
        />
        <TotalsList totals={totals} taxLabel="Tax (8%)" totalLabel="Total" testId="receipt-totals" flush />
      </div>
    </Dialog>
  );
}
