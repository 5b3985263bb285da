import { ROLE_LABELS, ROLES, type Role } from '@shared/constants';
import {
  createUserBody,
  PASSWORDS_MISMATCH_MESSAGE,
  updateUserBody,
  userFormConfirm,
  type User,
} from '@shared/schemas/user';
import { fieldErrors, type FieldErrors } from '@web/lib/form-errors';
import type { CreateUserInput } from '@web/entities/users/create-user';
import type { UpdateUserInput } from '@web/entities/users/update-user';

export const USER_FIELDS = ['username', 'email', 'role', 'password', 'confirmPassword'] as const;
export type UserField = (typeof USER_FIELDS)[number];
export type UserValues = Record<UserField, string>;

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export function initialValues(user: User | undefined): UserValues {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    role: user?.role ?? ('technician' satisfies Role),
    password: '',
    confirmPassword: '',
  };
}

/** The confirmation: at least 8 characters, then the same as the password. */
function confirmError(values: UserValues): string | undefined {
  const confirm = userFormConfirm.safeParse(values.confirmPassword);
  if (!confirm.success) return confirm.error.issues[0]?.message;
  return values.confirmPassword === values.password ? undefined : PASSWORDS_MISMATCH_MESSAGE;
}

type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors<UserField> };

/** A new user: the shared create schema plus the confirmation, which is never sent. */
export function checkCreate(values: UserValues): Checked<CreateUserInput> {
  const { confirmPassword: _confirm, ...fields } = values;
  const parsed = createUserBody.omit({ id: true }).safeParse(fields);
  const errors: FieldErrors<UserField> = parsed.success ? {} : fieldErrors<UserField>(parsed.error);
  errors.confirmPassword ??= confirmError(values);
  if (!parsed.success || errors.confirmPassword) return { ok: false, errors: withoutEmpty(errors) };
  return { ok: true, body: parsed.data };
}

/**
 * An edit sends only what changed. A blank password keeps the current one, and then the
 * confirmation is not asked for either.
 */
export function checkUpdate(values: UserValues, initial: UserValues): Checked<UpdateUserInput['changes']> {
  const changed = (['username', 'email', 'role'] as const).filter((f) => values[f] !== initial[f]);
  const fields: Record<string, string> = Object.fromEntries(changed.map((f) => [f, values[f]]));
  if (values.password !== '') fields.password = values.password;
  const parsed = updateUserBody.safeParse(fields);
  const errors: FieldErrors<UserField> = parsed.success ? {} : fieldErrors<UserField>(parsed.error);
  if (values.password !== '' || values.confirmPassword !== '') errors.confirmPassword ??= confirmError(values);
  if (!parsed.success || errors.confirmPassword) return { ok: false, errors: withoutEmpty(errors) };
  return { ok: true, body: fields as UpdateUserInput['changes'] };
}

function withoutEmpty(errors: FieldErrors<UserField>): FieldErrors<UserField> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<UserField>;
}
