import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { validate, type FieldErrors } from '../../../lib/form-errors';

/**
 * The sign-in and sign-up forms' flow: text values, the schema's per-field messages on submit and,
 * once submitted, again as the user types; `onValid` gets the parsed values.
 */
export function useAuthForm<S extends z.ZodType, F extends string>(
  schema: S,
  initial: Record<F, string>,
  onValid: (data: z.output<S>) => void,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (field: F, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) {
      const result = validate<S, F>(schema, next);
      setErrors(result.success ? {} : result.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate<S, F>(schema, values);
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onValid(result.data);
  };

  return { values, errors, change, submit };
}
