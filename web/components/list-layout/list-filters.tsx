import type { Dispatch, SetStateAction } from 'react';
import { useEffect } from 'react';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select, type SelectOption } from '@web/components/ui/select';

export interface ListSearchProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}

/** The toolbar's 'Search' box. */
export function ListSearch({ value, onChange, placeholder }: ListSearchProps) {
  return (
    <FormField label="Search">
      <Input type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} />
    </FormField>
  );
}

export interface ListSelectProps {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
}

/** A labelled filter or sort choice in the toolbar. */
export function ListSelect({ label, options, value, onChange }: ListSelectProps) {
  return (
    <FormField label={label}>
      <Select options={options} value={value} onValueChange={onChange} />
    </FormField>
  );
}

/**
 * Applies what is typed into the toolbar (search, amounts) to the list's params a moment after the
 * last key, back on the first page; params already holding those values are left as they are.
 * Returns whether something typed is still waiting to apply (the list shown is not yet what the
 * toolbar says: it is busy).
 */
export function useTypedFilters<P extends { page: number }>(
  typed: Partial<P>,
  params: P,
  setParams: Dispatch<SetStateAction<P>>,
): boolean {
  const key = JSON.stringify(typed);
  useEffect(() => {
    const next = JSON.parse(key) as Partial<P>;
    const timer = setTimeout(() => setParams((p) => (holds(p, next) ? p : { ...p, ...next, page: 0 })), 250);
    return () => clearTimeout(timer);
  }, [key, setParams]);
  return !holds(params, typed);
}

function holds<P>(params: P, values: Partial<P>): boolean {
  return Object.entries(values).every(([name, value]) => params[name as keyof P] === value);
}

/** Binds toolbar choices to a list's params: `{...choice('sort')}` gives a ListSelect its value and a change back to the first page. */
export function filterChoices<P extends { page: number }>(params: P, setParams: Dispatch<SetStateAction<P>>) {
  return <K extends keyof P & string>(name: K) => ({
    value: String(params[name]),
    // The options offered are the values the params allow.
    onChange: (value: string) => setParams((p) => ({ ...p, [name]: value as P[K], page: 0 })),
  });
}
