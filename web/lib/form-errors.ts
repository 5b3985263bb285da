import type { z } from 'zod';

/** Per-field messages of a failed zod parse: the first message for each top-level field. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export function fieldErrors<K extends string = string>(error: z.ZodError): FieldErrors<K> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_form';
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors as FieldErrors<K>;
}

/** Validates `values` with a schema: the parsed data, or per-field messages. */
export function validate<S extends z.ZodType, K extends string = string>(
  schema: S,
  values: unknown,
): { success: true; data: z.output<S> } | { success: false; errors: FieldErrors<K> } {
  const result = schema.safeParse(values);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, errors: fieldErrors<K>(result.error) };
}
