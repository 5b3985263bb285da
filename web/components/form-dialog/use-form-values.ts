import { useRef, useState } from 'react';
import type { z } from 'zod';
import { validate, type FieldErrors } from '@web/lib/form-errors';

/** What the field components need from a form: its text values, its messages and a setter. */
export interface FormBinding<F extends string> {
  values: Record<F, string>;
  errors: FieldErrors<F>;
  set: (field: F, value: string) => void;
}

/** Per-field messages of `values`: none when they are valid. */
export type FormCheck<F extends string> = (values: Record<F, string>) => FieldErrors<F>;

/** A check that shows a zod schema's messages (the shared schemas carry the wording). */
export const schemaCheck =
  <F extends string>(schema: z.ZodType): FormCheck<F> =>
  (values) => {
    const result = validate<z.ZodType, F>(schema, values);
    return result.success ? {} : result.errors;
  };

export interface FormValuesOptions<F extends string> {
  initial: Record<F, string>;
  check: FormCheck<F>;
  /** After the first submit, messages follow the typing (else they wait for the next submit). */
  live: boolean;
}

/**
 * Text values and per-field messages, the state every form of the kit shares. `checkNow` runs
 * the check on submit and says whether the values may be sent.
 */
export function useFormValues<F extends string>({ initial, check, live }: FormValuesOptions<F>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [submitted, setSubmitted] = useState(false);
  // The values as of the last set, so that several sets in one handler build on each other.
  const latest = useRef(values);
  latest.current = values;

  const set = (field: F, value: string) => {
    const next = { ...latest.current, [field]: value };
    latest.current = next;
    setValues(next);
    if (live && submitted) setErrors(check(next));
  };

  const checkNow = (): boolean => {
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  return { values, errors, set, checkNow };
}
