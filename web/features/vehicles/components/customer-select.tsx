import { useState } from 'react';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { useCustomerSearch } from '@web/entities/customers/search-customers';
import styles from './vehicles.module.css';

export const ALL_CUSTOMERS = 'all';

export interface CustomerSelectProps {
  label: string;
  value: string;
  /** The chosen customer's name when it may not be among the search results. */
  selectedName?: string | undefined;
  onChange: (customerId: string, name: string) => void;
  /** Adds an 'All Customers' choice (the list filter). */
  allowAll?: boolean;
  required?: boolean;
  error?: string | undefined;
  className?: string;
}

/** Search-as-you-type (the first 20 matches), then pick: scales to any shop size. */
export function CustomerSelect({
  label,
  value,
  selectedName,
  onChange,
  allowAll,
  required,
  error,
  className,
}: CustomerSelectProps) {
  const [q, setQ] = useState('');
  const search = useCustomerSearch(q);
  const options = (search.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (value && value !== ALL_CUSTOMERS && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: selectedName ?? value });
  }
  if (allowAll) options.unshift({ value: ALL_CUSTOMERS, label: 'All Customers' });
  return (
    <div className={`${styles.picker} ${className ?? ''}`}>
      <FormField label={`Find ${label.toLowerCase()}`}>
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Type a customer name" />
      </FormField>
      <FormField label={label} required={required} error={error}>
        <Select
          options={options}
          value={value}
          onValueChange={(id) => onChange(id, options.find((o) => o.value === id)?.label ?? '')}
          placeholder={search.isFetching ? 'Searching…' : 'Select a customer'}
        />
      </FormField>
    </div>
  );
}
