import { useState, type FormEvent } from 'react';
import { changePasswordForm } from '@shared/schemas/user';
import { Button } from '@web/components/ui/button';
import { RegionCard } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useToast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { validate, type FieldErrors } from '@web/lib/form-errors';
import { useChangePassword } from '../api/change-password';
import styles from './settings.module.css';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The server's own words for the toast (e.g. a wrong current password). */
function serverMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Change Password: sent only when the new password and its confirmation match. */
export function PasswordForm() {
  const { toast } = useToast();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = validate<typeof changePasswordForm, Field>(changePasswordForm, values);
    if (!parsed.success) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    const { currentPassword, newPassword } = parsed.data;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY);
          toast({ title: 'Password updated', description: 'Your password has been changed successfully' });
        },
        onError: (error) =>
          toast({ title: 'Password change failed', description: serverMessage(error), variant: 'destructive' }),
      },
    );
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <FormField label={label} required error={errors[name]}>
      <Input
        name={name}
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
      />
    </FormField>
  );

  return (
    <RegionCard titleId="password-title" title="Change Password">
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="password-title">
        {field('currentPassword', 'Current Password', 'current-password')}
        {field('newPassword', 'New Password', 'new-password')}
        {field('confirmPassword', 'Confirm New Password', 'new-password')}
        <div className={styles.actions}>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Updating…' : 'Update Password'}
          </Button>
        </div>
      </form>
    </RegionCard>
  );
}
