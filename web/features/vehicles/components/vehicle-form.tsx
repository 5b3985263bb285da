import { useState } from 'react';
import { createVehicleBody, type Vehicle } from '@shared/schemas/vehicle';
import { TextField } from '@web/components/form-dialog/fields';
import { FormDialog } from '@web/components/form-dialog/form-dialog';
import { useEntityForm } from '@web/components/form-dialog/use-entity-form';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useCreateVehicle } from '@web/entities/vehicles/create-vehicle';
import { useUpdateVehicle } from '@web/entities/vehicles/update-vehicle';
import { CustomerSelect } from './customer-select';
import styles from './vehicles.module.css';

const FIELDS = ['customerId', 'year', 'make', 'model', 'vin', 'licensePlate', 'mileage', 'color'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

function valuesOf(vehicle: Vehicle | undefined, customerId: string): Values {
  if (!vehicle) {
    // Defaults of a new vehicle: this year, mileage 0.
    return {
      customerId,
      year: String(new Date().getFullYear()),
      make: '',
      model: '',
      vin: '',
      licensePlate: '',
      mileage: '0',
      color: '',
    };
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
  const form = useEntityForm<Field>({
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

  const { values, set, errors } = form;

  return (
    <FormDialog
      form={form}
      title={vehicle ? 'Edit Vehicle' : 'Add Vehicle'}
      submitLabel={vehicle ? 'Update Vehicle' : 'Add Vehicle'}
      onClose={onClose}
      className={styles.form}
    >
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
      <TextField form={form} name="year" label="Year" required type="number" inputMode="numeric" step="1" />
      <TextField form={form} name="make" label="Make" required />
      <TextField form={form} name="model" label="Model" required />
      <TextField form={form} name="vin" label="VIN" autoCapitalize="characters" spellCheck="false" />
      <TextField form={form} name="licensePlate" label="License Plate" autoCapitalize="characters" />
      <TextField form={form} name="mileage" label="Mileage" type="number" inputMode="numeric" step="1" min="0" />
      <TextField form={form} name="color" label="Color" />
    </FormDialog>
  );
}
