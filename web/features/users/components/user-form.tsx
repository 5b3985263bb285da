import { useState, type FormEvent } from 'react';
import type { User } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import type { FieldErrors } from '../../../lib/form-errors';
import { adminEmailProblem, useAdminEmail } from '../api/admin-email';
import { useCreateUser } from '../../../entities/users/create-user';
import { useUpdateUser } from '../../../entities/users/update-user';
import { checkCreate, checkUpdate, initialValues, ROLE_OPTIONS, type UserField, type UserValues } from './user-form-values';
import styles from './users.module.css';

export interface UserFormProps {
  /** The user being edited; none to add one. */
  user: User | undefined;
  onClose: () => void;
}

/** Add / edit a user; messages come from the shared schema. An edit sends only what changed. */
export function UserForm({ user, onClose }: UserFormProps) {
  const { toast } = useToast();
  const create = useCreateUser();
  const update = useUpdateUser();
  const [initial] = useState<UserValues>(() => initialValues(user));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<UserField>>({});
  const [submitted, setSubmitted] = useState(false);
  const pending = create.isPending || update.isPending;
  // The admin-email rule shows under Email as soon as email and role are both filled, before any
  // round trip; it applies to a new admin and to a promotion, as on the server.
  const adminEmail = useAdminEmail();
  const promoting = !user || user.role !== 'admin';
  const adminProblem = promoting ? adminEmailProblem(adminEmail, values.role, values.email) : undefined;

  const check = (next: UserValues) => (user ? checkUpdate(next, initial) : checkCreate(next));

  const set = (field: UserField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After the first submit, messages follow the typing.
    if (submitted) {
      const result = check(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const failed = (description: string) => () => toast({ title: 'Error', description, variant: 'destructive' });
    const done = (title: string) => () => {
      toast({ title });
      onClose();
    };
    // Shown under Email already; nothing is sent that the server would refuse.
    if (adminProblem) {
      const result = check(values);
      setErrors(result.ok ? {} : result.errors);
      return;
    }
    if (user) {
      const result = checkUpdate(values, initial);
      setErrors(result.ok ? {} : result.errors);
      if (result.ok) {
        update.mutate(
          { id: user.id, changes: result.body },
          { onSuccess: done('User updated'), onError: failed('Failed to update user') },
        );
      }
    } else {
      const result = checkCreate(values);
      setErrors(result.ok ? {} : result.errors);
      if (result.ok) create.mutate(result.body, { onSuccess: done('User created'), onError: failed('Failed to create user') });
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={user ? 'Edit User' : 'Add User'}
      onSubmit={submit}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : user ? 'Update User' : 'Create User'}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <FormField label="Username" required error={errors.username}>
          <Input
            name="username"
            autoComplete="off"
            autoCapitalize="none"
            value={values.username}
            onChange={(e) => set('username', e.target.value)}
          />
        </FormField>
        <FormField label="Email" required error={errors.email ?? adminProblem}>
          <Input
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </FormField>
        <FormField label="Role" required error={errors.role}>
          <Select name="role" options={ROLE_OPTIONS} value={values.role} onValueChange={(role) => set('role', role)} />
        </FormField>
        {/* No asterisk: 'Password' stays the label's exact text (the confirmation's label contains it). */}
        <FormField label="Password" error={errors.password} hint={user ? 'Leave blank to keep the current password.' : undefined}>
          <Input
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set('password', e.target.value)}
          />
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword}>
          <Input
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(e) => set('confirmPassword', e.target.value)}
          />
        </FormField>
      </div>
    </Dialog>
  );
}
