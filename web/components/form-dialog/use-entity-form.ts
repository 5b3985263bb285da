import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { FieldErrors } from '@web/lib/form-errors';
import { useBlockReload } from '@web/lib/reload-guard';
import { toast } from '../ui/toast';
import { schemaCheck, useFormValues } from './use-form-values';

export interface EntityFormOptions<F extends string> {
  fields: readonly F[];
  /** The form's starting text values (an edited row's, or the defaults of a new one). */
  initial: () => Record<F, string>;
  /** The shared zod schema whose messages the form shows. */
  schema?: z.ZodType;
  /** A check of its own instead of the schema: per-field messages from the values and the starting ones. */
  check?: (values: Record<F, string>, initial: Record<F, string>) => FieldErrors<F>;
  /** After the first submit, messages follow the typing. */
  live?: boolean;
  /** Adds the row from every value. */
  create: (values: Record<F, string>) => Promise<unknown>;
  /** Saves only the changed fields (every value comes second); given when editing. */
  update?: ((changes: Partial<Record<F, string>>, values: Record<F, string>) => Promise<unknown>) | undefined;
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
  const own = options.check;
  const check = own ? (values: Record<F, string>) => own(values, initial) : schemaCheck<F>(schema as z.ZodType);
  const form = useFormValues<F>({ initial, check, live: options.live ?? false });
  const { values } = form;
  const [pending, setPending] = useState(false);
  // An app update must not reload away typed values or a save in flight.
  useBlockReload(pending || fields.some((f) => values[f] !== initial[f]));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.checkNow()) return;
    const changes = Object.fromEntries(fields.filter((f) => values[f] !== initial[f]).map((f) => [f, values[f]]));
    const save = update ? update(changes as Partial<Record<F, string>>, values) : create(values);
    setPending(true);
    save
      .then(
        () => {
          toast({ title: update ? messages.updated : messages.created });
          onDone();
        },
        () =>
          toast({
            title: 'Error',
            description: update ? messages.updateFailed : messages.createFailed,
            variant: 'destructive',
          }),
      )
      .finally(() => setPending(false));
  };

  return { ...form, initial, pending, submit, editing: update !== undefined };
}

/** What a dialog of the kit reads from its form. */
export type EntityForm<F extends string> = ReturnType<typeof useEntityForm<F>>;
