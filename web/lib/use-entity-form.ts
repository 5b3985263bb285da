import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { validate, type FieldErrors } from './form-errors';
import { notify } from './notify';
import { useBlockReload } from './reload-guard';

export interface EntityFormOptions<F extends string> {
  fields: readonly F[];
  /** The form's starting text values (an edited row's, or the defaults of a new one). */
  initial: () => Record<F, string>;
  /** The shared zod schema whose messages the form shows. */
  schema: z.ZodType;
  /** Adds the row from every value. */
  create: (values: Record<F, string>) => Promise<unknown>;
  /** Saves only the changed fields; given when editing. */
  update?: ((changes: Partial<Record<F, string>>) => Promise<unknown>) | undefined;
  /** The toasts: success titles, and the descriptions under an 'Error' title. */
  messages: { created: string; updated: string; createFailed: string; updateFailed: string };
  onDone: () => void;
}

/**
 * The add/edit dialog flow every staff form shares: text values, per-field messages from the
 * shared schema, one save (an edit sends only what changed), the success or 'Error' toast.
 */
export function useEntityForm<F extends string>(options: EntityFormOptions<F>) {
  const { fields, schema, create, update, messages, onDone } = options;
  const [initial] = useState(options.initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [pending, setPending] = useState(false);
  // An app update must not reload away typed values or a save in flight.
  useBlockReload(pending || fields.some((f) => values[f] !== initial[f]));

  const set = (field: F, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = validate<z.ZodType, F>(schema, values);
    if (!parsed.success) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    const changes = Object.fromEntries(fields.filter((f) => values[f] !== initial[f]).map((f) => [f, values[f]]));
    const save = update ? update(changes as Partial<Record<F, string>>) : create(values);
    setPending(true);
    save
      .then(
        () => {
          notify({ title: update ? messages.updated : messages.created });
          onDone();
        },
        () =>
          notify({
            title: 'Error',
            description: update ? messages.updateFailed : messages.createFailed,
            variant: 'destructive',
          }),
      )
      .finally(() => setPending(false));
  };

  return { values, set, errors, pending, submit };
}
