import type { ComponentProps, ReactNode } from 'react';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { Select, type SelectOption } from '../ui/select';
import { Textarea } from '../ui/textarea';
import type { FormBinding } from './use-form-values';

interface BoundFieldProps<F extends string> {
  form: FormBinding<F>;
  name: F;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  /** The control's id (pages give fixed ones); one is made when not given. */
  id?: string;
  className?: string;
  /** A message of its own shown when the form has none for the field. */
  error?: string | undefined;
}

/** The FormField around a control: label, asterisk, hint and the field's message under it. */
function fieldProps<F extends string>({ form, name, label, required, hint, id, className, error }: BoundFieldProps<F>) {
  return {
    label,
    error: form.errors[name] ?? error,
    ...(required ? { required } : {}),
    ...(hint ? { hint } : {}),
    ...(id ? { id } : {}),
    ...(className ? { className } : {}),
  };
}

type InputProps = Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'onChange' | 'id' | 'form'>;

/** A text input bound to one value of the form. */
export function TextField<F extends string>(props: BoundFieldProps<F> & InputProps) {
  const {
    form,
    name,
    label: _label,
    required: _required,
    hint: _hint,
    id: _id,
    className: _class,
    error: _error,
    ...input
  } = props;
  return (
    <FormField {...fieldProps(props)}>
      <Input name={name} value={form.values[name]} onChange={(e) => form.set(name, e.target.value)} {...input} />
    </FormField>
  );
}

/** A multi-line text bound to one value of the form. */
export function TextareaField<F extends string>(props: BoundFieldProps<F> & { rows?: number }) {
  const { form, name, rows } = props;
  return (
    <FormField {...fieldProps(props)}>
      <Textarea name={name} rows={rows} value={form.values[name]} onChange={(e) => form.set(name, e.target.value)} />
    </FormField>
  );
}

/** A select bound to one value of the form; `named` sends the value with a native submit too. */
export function SelectField<F extends string>(
  props: BoundFieldProps<F> & { options: readonly SelectOption[]; named?: boolean },
) {
  const { form, name, options, named } = props;
  return (
    <FormField {...fieldProps(props)}>
      <Select
        {...(named ? { name } : {})}
        options={options}
        value={form.values[name]}
        onValueChange={(value) => form.set(name, value)}
      />
    </FormField>
  );
}
