import { INSPECTION_STATUSES } from '@shared/constants';
import type { User } from '@shared/schemas/user';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';
import { humanize } from '@web/lib/format';
import { useCustomerVehicles } from '@web/entities/vehicles/get-customer-vehicles';
import { useTechnicians } from '@web/entities/users/get-technicians';
import { CustomerPicker } from './customer-picker';
import type { InspectionDraft } from './inspection-form-model';
import styles from './inspection-form.module.css';

const STATUS_OPTIONS = INSPECTION_STATUSES.map((value) => ({ value, label: humanize(value) }));

export interface PeopleFieldsProps {
  draft: InspectionDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<InspectionDraft>) => void;
  customerLocked: boolean;
  customerName: string | undefined;
  /** The name of a customer picked from the search. */
  onCustomerName: (name: string) => void;
  signedInUser: User;
  /** The technician of the inspection being edited (may be someone else). */
  currentTechnician: { id: string; username: string } | null;
}

/** Customer, vehicle (follows the customer), technician and status. */
export function PeopleFields({
  draft,
  errors,
  onChange,
  customerLocked,
  customerName,
  onCustomerName,
  signedInUser,
  currentTechnician,
}: PeopleFieldsProps) {
  const vehicles = useCustomerVehicles(draft.customerId);
  const isAdmin = signedInUser.role === 'admin';
  const technicians = useTechnicians(isAdmin);

  const vehicleOptions = (vehicles.data ?? []).map((v) => ({
    value: v.id,
    label: `${v.year} ${v.make} ${v.model}${v.licensePlate ? ` (${v.licensePlate})` : ''}`,
  }));
  // GET /api/users is admin-only: others can pick themselves or keep the current technician.
  const people = isAdmin && technicians.data?.length ? technicians.data : [signedInUser];
  const technicianOptions = people.map((u) => ({ value: u.id, label: u.username }));
  if (currentTechnician && !technicianOptions.some((o) => o.value === currentTechnician.id)) {
    technicianOptions.push({ value: currentTechnician.id, label: currentTechnician.username });
  }

  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Customer and Vehicle</legend>
      <div className={styles.grid}>
        <CustomerPicker
          value={draft.customerId}
          selectedName={customerName}
          locked={customerLocked}
          error={errors.customerId}
          // A different customer has different vehicles: the chosen one is cleared.
          onChange={(customerId, name) => {
            onCustomerName(name);
            onChange(customerId === draft.customerId ? {} : { customerId, vehicleId: '' });
          }}
        />
        <FormField label="Vehicle" required error={errors.vehicleId}>
          <Select
            options={vehicleOptions}
            value={draft.vehicleId}
            onValueChange={(vehicleId) => onChange({ vehicleId })}
            disabled={!draft.customerId}
            placeholder={
              !draft.customerId
                ? 'Select a customer first'
                : vehicles.isLoading
                  ? 'Loading vehicles…'
                  : vehicleOptions.length === 0
                    ? 'No vehicles for this customer'
                    : 'Select a vehicle'
            }
          />
        </FormField>
        <FormField label="Technician" required error={errors.technicianId}>
          <Select
            options={technicianOptions}
            value={draft.technicianId}
            onValueChange={(technicianId) => onChange({ technicianId })}
            placeholder="Select a technician"
          />
        </FormField>
        <FormField label="Status" error={errors.status}>
          <Select
            options={STATUS_OPTIONS}
            value={draft.status}
            onValueChange={(status) => onChange({ status: status as InspectionDraft['status'] })}
          />
        </FormField>
      </div>
    </fieldset>
  );
}
