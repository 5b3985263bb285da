import { useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { editableFields, editWrite, type EditErrors } from '../edit-write';
import { syncActions } from '@web/lib/use-sync';
import type { OutboxEntry } from '@web/offline/types';
import styles from './sync.module.css';

/**
 * Corrects a refused change and sends it again. The fields are the ones the change carries,
 * checked with the same schema (and messages) as the original form.
 */
export function EditChangeDialog({ entry, onClose }: { entry: OutboxEntry; onClose: () => void }) {
  const [fields] = useState(() => editableFields(entry.write) ?? []);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, f.value])),
  );
  const [errors, setErrors] = useState<EditErrors>({});
  const [pending, setPending] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = editWrite(entry.write, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setPending(true);
    syncActions()
      .retry(entry.id, result.write)
      .then(
        () => {
          toast({ title: 'Change saved', description: 'It will be sent to the server again.' });
          onClose();
        },
        () => toast({ title: 'Error', description: 'The change could not be saved', variant: 'destructive' }),
      )
      .finally(() => setPending(false));
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit change"
      description={entry.label}
      onSubmit={submit}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : 'Save and retry'}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        {errors._form ? (
          <p className={styles.formError} role="alert">
            {errors._form}
          </p>
        ) : null}
        {fields.map((field) => (
          <FormField key={field.name} label={field.label} error={errors[field.name]}>
            <Input
              name={field.name}
              autoComplete="off"
              value={values[field.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
            />
          </FormField>
        ))}
      </div>
    </Dialog>
  );
}
