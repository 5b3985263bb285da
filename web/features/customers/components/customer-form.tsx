import { z } from 'zod';
import { CUSTOMER_STATUSES, TEXT_CONSENT_SOURCES, type TextConsentSource } from '../../../../shared/constants';
import { createCustomerBody, type Customer, type UpdateCustomerBody } from '../../../../shared/schemas/customer';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { humanize } from '../../../lib/format';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useCreateCustomer } from '../../../entities/customers/create-customer';
import { useUpdateCustomer } from '../../../entities/customers/update-customer';
import styles from './customers.module.css';

const FIELDS = ['name', 'email', 'phone', 'address', 'status', 'textConsentAt', 'textConsentSource'] as const;
type Field = (typeof FIELDS)[number];

const STATUS_OPTIONS = CUSTOMER_STATUSES.map((value) => ({ value, label: humanize(value) }));
export const CONSENT_SOURCE_LABELS: Record<TextConsentSource, string> = {
  in_person: 'In person',
  signed_form: 'Signed form',
  phone: 'Phone',
  web: 'Web',
};
const CONSENT_OPTIONS = TEXT_CONSENT_SOURCES.map((value) => ({ value, label: CONSENT_SOURCE_LABELS[value] }));

/** Today in the device's time zone, as the date input writes it. */
const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** The form keeps text; blank consent fields are "no consent" (null) to the API. */
function withConsent<T extends Partial<Record<Field, string>>>(values: T) {
  return { ...values, textConsentAt: values.textConsentAt || null, textConsentSource: (values.textConsentSource || null) as TextConsentSource | null };
}
const formSchema = z.preprocess((values) => withConsent(values as Record<Field, string>), createCustomerBody);

export interface CustomerFormProps {
  /** The customer being edited; none to add one. */
  customer: Customer | undefined;
  onClose: () => void;
}

/** Add / edit customer; messages come from the shared schema. An edit sends only what changed. */
export function CustomerForm({ customer, onClose }: CustomerFormProps) {
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const { values, set, errors, pending, submit } = useEntityForm<Field>({
    fields: FIELDS,
    initial: () => ({
      name: customer?.name ?? '',
      email: customer?.email ?? '',
      phone: customer?.phone ?? '',
      address: customer?.address ?? '',
      status: customer?.status ?? 'active',
      textConsentAt: customer?.textConsentAt ?? '',
      textConsentSource: customer?.textConsentSource ?? '',
    }),
    schema: formSchema,
    create: (body) => create.mutateAsync({ ...withConsent(body), status: body.status as Customer['status'] }),
    update: customer
      ? (changes) => {
          // The date and its source travel together.
          const consentChanged = changes.textConsentAt !== undefined || changes.textConsentSource !== undefined;
          const unchanged = { textConsentAt: customer.textConsentAt ?? '', textConsentSource: customer.textConsentSource ?? '' };
          const sent = consentChanged ? withConsent({ ...unchanged, ...changes }) : changes;
          return update.mutateAsync({ customer, changes: sent as UpdateCustomerBody });
        }
      : undefined,
    messages: {
      created: 'Customer created',
      updated: 'Customer updated',
      createFailed: 'Failed to create customer',
      updateFailed: 'Failed to update customer',
    },
    onDone: onClose,
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={customer ? 'Edit Customer' : 'Add Customer'}
      onSubmit={submit}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : customer ? 'Update Customer' : 'Create Customer'}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <FormField label="Name" required error={errors.name}>
          <Input name="name" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} />
        </FormField>
        <FormField label="Email" required error={errors.email}>
          <Input name="email" type="email" inputMode="email" autoComplete="off" value={values.email} onChange={(e) => set('email', e.target.value)} />
        </FormField>
        <FormField label="Phone" required error={errors.phone}>
          <Input name="phone" type="tel" inputMode="tel" autoComplete="off" value={values.phone} onChange={(e) => set('phone', e.target.value)} />
        </FormField>
        <FormField label="Address" error={errors.address}>
          <Textarea name="address" rows={2} value={values.address} onChange={(e) => set('address', e.target.value)} />
        </FormField>
        <FormField label="Status" error={errors.status}>
          <Select options={STATUS_OPTIONS} value={values.status} onValueChange={(status) => set('status', status)} />
        </FormField>
        <label className={styles.consent}>
          <input
            type="checkbox"
            name="textConsent"
            checked={values.textConsentAt !== ''}
            onChange={(e) => {
              set('textConsentAt', e.target.checked ? today() : '');
              set('textConsentSource', e.target.checked ? 'in_person' : '');
            }}
          />
          Consents to texts
        </label>
        {values.textConsentAt !== '' ? (
          <div className={styles.consentFields}>
            <FormField label="Consent given on" required error={errors.textConsentAt}>
              <Input name="textConsentAt" type="date" value={values.textConsentAt} onChange={(e) => set('textConsentAt', e.target.value)} />
            </FormField>
            <FormField label="How it was given" required error={errors.textConsentSource}>
              <Select options={CONSENT_OPTIONS} value={values.textConsentSource} onValueChange={(source) => set('textConsentSource', source)} />
            </FormField>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
