import { useState } from 'react';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { useCustomerSearch } from '@web/entities/customers/search-customers';
import styles from './inspection-form.module.css';

export interface CustomerPickerProps {
  value: string;
  /** The chosen customer's name when it may not be among the search results. */
  selectedName: string | undefined;
  onChange: (customerId: string, name: string) => void;
  /** Opened from a customer card: the customer cannot change. */
  locked: boolean;
  error: string | undefined;
}

/** Search-as-you-type (the first 20 matches), then pick from the list. */
export function CustomerPicker({ value, selectedName, onChange, locked, error }: CustomerPickerProps) {
  const [q, setQ] = useState('');
  const search = useCustomerSearch(q, !locked);
  if (locked) {
    return (
      <FormField label="Customer" required hint="Opened from the customer's card">
        <Input value={selectedName ?? ''} readOnly aria-readonly="true" disabled />
      </FormField>
    );
  }
  const options = (search.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.email})` }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: selectedName ?? value });
  return (
    <div className={styles.picker}>
      <FormField label="Find customer" hint="Type a name, email or phone">
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search customers" />
      </FormField>
      <FormField label="Customer" required error={error}>
        <Select
          options={options}
          value={value}
          onValueChange={(id) => onChange(id, search.data?.find((c) => c.id === id)?.name ?? selectedName ?? '')}
          placeholder={search.isFetching ? 'Searching…' : 'Select a customer'}
        />
      </FormField>
    </div>
  );
}
