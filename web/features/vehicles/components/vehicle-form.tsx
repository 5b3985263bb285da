import { useState } from 'react';
import { createVehicleBody, type Vehicle } from '../../../../shared/schemas/vehicle';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useCreateVehicle } from '../../../entities/vehicles/create-vehicle';
import { useUpdateVehicle } from '../../../entities/vehicles/update-vehicle';
import { CustomerSelect } from './customer-select';
import styles from './vehicles.module.css';

const FIELDS = ['customerId', 'year', 'make', 'model', 'vin', 'licensePlate', 'mileage', 'color'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function valuesOf(vehicle: Vehicle | undefined, customerId: string): Values {
  if (!vehicle) {
    // Defaults of a new vehicle: this year, mileage 0.
    return { customerId, year: String(new Date().getFullYear()), make: '', model: '', vin: '', licensePlate: '', mileage: '0', color: '' };
  }
  return Object.fromEntries(FIELDS.map((f) => [f, text(vehicle[f])])) as Values;
}

export interface VehicleFormProps {
  vehicle: Vehicle | undefined;
  /** Preselected owner; locked when the dialog was opened from a customer card. */
  customer: { id: string; name: string } | undefined;
  onClose: () => void;
}

export function VehicleForm({ vehicle, customer, onClose }: VehicleFormProps) {
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const { values, set, errors, pending, submit } = useEntityForm<Field>({
    fields: FIELDS,
    initial: () => valuesOf(vehicle, customer?.id ?? ''),
    schema: createVehicleBody,
    create: (body) => create.mutateAsync(body),
    update: vehicle ? (changes) => update.mutateAsync({ vehicle, changes }) : undefined,
    messages: {
      created: 'Vehicle added',
      updated: 'Vehicle updated',
      createFailed: 'Failed to add vehicle',
      updateFailed: 'Failed to update vehicle',
    },
    onDone: onClose,
  });
  const [customerName, setCustomerName] = useState(vehicle?.customerName ?? customer?.name);
  const locked = Boolean(customer) && !vehicle;

  const input = (field: Field, label: string, props: Record<string, string> = {}, required = false) => (
    <FormField label={label} required={required} error={errors[field]}>
      <Input name={field} value={values[field]} onChange={(e) => set(field, e.target.value)} {...props} />
    </FormField>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={vehicle ? 'Edit Vehicle' : 'Add Vehicle'}
      onSubmit={submit}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : vehicle ? 'Update Vehicle' : 'Add Vehicle'}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        {locked ? (
          <FormField label="Customer" required className={styles.wide}>
            <Input value={customerName ?? ''} disabled readOnly />
          </FormField>
        ) : (
          <CustomerSelect
            className={styles.wide}
            label="Customer"
            required
            value={values.customerId}
            selectedName={customerName}
            error={errors.customerId}
            onChange={(id, name) => {
              set('customerId', id);
              setCustomerName(name);
            }}
          />
        )}
        {input('year', 'Year', { type: 'number', inputMode: 'numeric', step: '1' }, true)}
        {input('make', 'Make', {}, true)}
        {input('model', 'Model', {}, true)}
        {input('vin', 'VIN', { autoCapitalize: 'characters', spellCheck: 'false' })}
        {input('licensePlate', 'License Plate', { autoCapitalize: 'characters' })}
        {input('mileage', 'Mileage', { type: 'number', inputMode: 'numeric', step: '1', min: '0' })}
        {input('color', 'Color')}
      </div>
    </Dialog>
  );
}
