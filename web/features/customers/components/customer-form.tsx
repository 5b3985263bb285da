import { z } from 'zod';
import { CUSTOMER_STATUSES, TEXT_CONSENT_SOURCES, type TextConsentSource } from '@shared/constants';
import { createCustomerBody, type Customer, type UpdateCustomerBody } from '@shared/schemas/customer';
import { SelectField, TextareaField, TextField } from '@web/components/form-dialog/fields';
import { FormDialog } from '@web/components/form-dialog/form-dialog';
import { useEntityForm } from '@web/components/form-dialog/use-entity-form';
import { humanize } from '@web/lib/format';
import { useCreateCustomer } from '@web/entities/customers/create-customer';
import { useUpdateCustomer } from '@web/entities/customers/update-customer';
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
  return {
    ...values,
    textConsentAt: values.textConsentAt || null,
    textConsentSource: (values.textConsentSource || null) as TextConsentSource | null,
  };
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
  const form = useEntityForm<Field>({
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
          const unchanged = {
            textConsentAt: customer.textConsentAt ?? '',
            textConsentSource: customer.textConsentSource ?? '',
          };
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

  const { values, set } = form;

  return (
    <FormDialog
      form={form}
      title={customer ? 'Edit Customer' : 'Add Customer'}
      submitLabel={customer ? 'Update Customer' : 'Create Customer'}
      onClose={onClose}
    >
      <TextField form={form} name="name" label="Name" required autoComplete="off" />
      <TextField form={form} name="email" label="Email" required type="email" inputMode="email" autoComplete="off" />
      <TextField form={form} name="phone" label="Phone" required type="tel" inputMode="tel" autoComplete="off" />
      <TextareaField form={form} name="address" label="Address" rows={2} />
      <SelectField form={form} name="status" label="Status" options={STATUS_OPTIONS} />
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
          <TextField form={form} name="textConsentAt" label="Consent given on" required type="date" />
          <SelectField
            form={form}
            name="textConsentSource"
            label="How it was given"
            required
            options={CONSENT_OPTIONS}
          />
        </div>
      ) : null}
    </FormDialog>
  );
}
