import type { FormEvent } from 'react';
import type { z } from 'zod';
import { schemaCheck, useFormValues } from './use-form-values';

/**
 * A form that is a page of its own (sign-in, sign-up, an invite): the schema's per-field messages
 * on submit and, once submitted, again as the user types; `onValid` gets the parsed values.
 */
export function usePageForm<S extends z.ZodType, F extends string>(
  schema: S,
  initial: Record<F, string>,
  onValid: (data: z.output<S>) => void,
) {
  const form = useFormValues<F>({ initial, check: schemaCheck<F>(schema), live: true });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.checkNow()) onValid(schema.parse(form.values));
  };

  return { ...form, submit };
}
