import { useEffect, useState } from 'react';
import type { Inspection } from '@shared/schemas/inspection';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { formatDate, shortId, vehicleName } from '@web/lib/format';
import { useInspectionSearch } from '@web/entities/inspections/search-inspections';
import styles from './invoices.module.css';

export const inspectionLabel = (inspection: Inspection): string =>
  `${inspection.customer.name} · ${vehicleName(inspection.vehicle)} · ${formatDate(inspection.createdAt)} · #${shortId(inspection.id)}`;

export interface InspectionPickerProps {
  value: Inspection | null;
  onChange: (inspection: Inspection) => void;
  error: string | undefined;
}

/** Search the server as you type (the newest 20 matches), then pick one inspection. */
export function InspectionPicker({ value, onChange, error }: InspectionPickerProps) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useInspectionSearch(q);
  const found = search.data ?? [];
  const choices = value && !found.some((i) => i.id === value.id) ? [value, ...found] : found;
  const options = choices.map((i) => ({ value: i.id, label: inspectionLabel(i) }));

  return (
    <div className={styles.picker}>
      <FormField label="Find inspection" hint="Type a customer name, make, model, plate or id">
        <Input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search inspections" />
      </FormField>
      <FormField label="Inspection" required error={error}>
        <Select
          options={options}
          value={value?.id ?? ''}
          onValueChange={(id) => {
            const chosen = choices.find((i) => i.id === id);
            if (chosen) onChange(chosen);
          }}
          placeholder={
            search.isFetching ? 'Searching…' : options.length ? 'Select an inspection' : 'No inspections found'
          }
        />
      </FormField>
    </div>
  );
}
