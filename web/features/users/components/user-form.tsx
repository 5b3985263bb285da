import type { User } from '@shared/schemas/user';
import { SelectField, TextField } from '@web/components/form-dialog/fields';
import { FormDialog } from '@web/components/form-dialog/form-dialog';
import { useEntityForm } from '@web/components/form-dialog/use-entity-form';
import { adminEmailProblem, useAdminEmail } from '../api/admin-email';
import { useCreateUser } from '@web/entities/users/create-user';
import { useUpdateUser } from '@web/entities/users/update-user';
import {
  checkCreate,
  checkUpdate,
  initialValues,
  ROLE_OPTIONS,
  USER_FIELDS,
  type UserValues,
} from './user-form-values';

export interface UserFormProps {
  /** The user being edited; none to add one. */
  user: User | undefined;
  onClose: () => void;
}

/** Add / edit a user; messages come from the shared schema. An edit sends only what changed. */
export function UserForm({ user, onClose }: UserFormProps) {
  const create = useCreateUser();
  const update = useUpdateUser();
  // The admin-email rule shows under Email as soon as email and role are both filled, before any
  // round trip; it applies to a new admin and to a promotion, as on the server.
  const adminEmail = useAdminEmail();
  const promoting = !user || user.role !== 'admin';
  const problemOf = (values: UserValues) =>
    promoting ? adminEmailProblem(adminEmail, values.role, values.email) : undefined;
  const form = useEntityForm({
    fields: USER_FIELDS,
    initial: () => initialValues(user),
    // The confirmation is checked here and never sent; nothing is sent that the server would refuse.
    check: (values, initial) => {
      const result = user ? checkUpdate(values, initial) : checkCreate(values);
      const errors = result.ok ? {} : result.errors;
      const problem = problemOf(values);
      return problem && !errors.email ? { ...errors, email: problem } : errors;
    },
    live: true,
    create: (values) => {
      const result = checkCreate(values);
      return result.ok ? create.mutateAsync(result.body) : Promise.reject(new Error('invalid'));
    },
    update: user
      ? (_changes, values) => {
          const result = checkUpdate(values, initialValues(user));
          return result.ok
            ? update.mutateAsync({ id: user.id, changes: result.body })
            : Promise.reject(new Error('invalid'));
        }
      : undefined,
    messages: {
      created: 'User created',
      updated: 'User updated',
      createFailed: 'Failed to create user',
      updateFailed: 'Failed to update user',
    },
    onDone: onClose,
  });

  return (
    <FormDialog
      form={form}
      title={user ? 'Edit User' : 'Add User'}
      submitLabel={user ? 'Update User' : 'Create User'}
      onClose={onClose}
    >
      <TextField form={form} name="username" label="Username" required autoComplete="off" autoCapitalize="none" />
      <TextField
        form={form}
        name="email"
        label="Email"
        required
        error={problemOf(form.values)}
        type="email"
        inputMode="email"
        autoComplete="off"
      />
      <SelectField form={form} name="role" label="Role" required named options={ROLE_OPTIONS} />
      {/* No asterisk: 'Password' stays the label's exact text (the confirmation's label contains it). */}
      <TextField
        form={form}
        name="password"
        label="Password"
        hint={user ? 'Leave blank to keep the current password.' : undefined}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
