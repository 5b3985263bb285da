import { useState, type FormEvent } from 'react';
import { settingsBody, type SettingsBody, type User } from '@shared/schemas/user';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useToast } from '@web/components/ui/toast';
import { validate, type FieldErrors } from '@web/lib/form-errors';
import { useUpdateSettings } from '../api/update-settings';
import styles from './settings.module.css';

const FIELDS = ['email', 'companyName', 'phone', 'address', 'city', 'state', 'zipCode', 'website'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const LABELS: Record<Field, string> = {
  email: 'Email',
  companyName: 'Company Name',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP Code',
  website: 'Website',
};
const INPUT: Partial<Record<Field, { type: string; inputMode?: 'email' | 'tel' | 'url'; autoComplete: string }>> = {
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  website: { type: 'text', inputMode: 'url', autoComplete: 'url' },
  companyName: { type: 'text', autoComplete: 'organization' },
  address: { type: 'text', autoComplete: 'street-address' },
  city: { type: 'text', autoComplete: 'address-level2' },
  state: { type: 'text', autoComplete: 'address-level1' },
  zipCode: { type: 'text', autoComplete: 'postal-code' },
};

const valuesOf = (user: User): Values =>
  Object.fromEntries(FIELDS.map((field) => [field, user[field] ?? ''])) as Values;

/** Contact Information, prefilled from the signed-in user; sends the email and what changed. */
export function ContactForm({ user }: { user: User }) {
  const { toast } = useToast();
  const save = useUpdateSettings();
  const [initial, setInitial] = useState(() => valuesOf(user));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = validate<typeof settingsBody, Field>(settingsBody, values);
    if (!parsed.success) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    const body: SettingsBody = { email: values.email };
    for (const field of FIELDS) if (field !== 'email' && values[field] !== initial[field]) body[field] = values[field];
    save.mutate(body, {
      onSuccess: (saved) => {
        // Show what was stored (e.g. the website with https:// prepended).
        const next = valuesOf(saved);
        setInitial(next);
        setValues(next);
        toast({ title: 'Settings saved', description: 'Contact information updated successfully' });
      },
      onError: () =>
        toast({ title: 'Error', description: 'Failed to update contact information', variant: 'destructive' }),
    });
  };

  return (
    <Card role="region" aria-labelledby="contact-title">
      <CardHeader>
        <CardTitle id="contact-title">Contact Information</CardTitle>
        <CardDescription>Shown to customers on reports and receipts.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="contact-title">
          <div className={styles.fields}>
            {FIELDS.map((field) => (
              <FormField
                key={field}
                label={LABELS[field]}
                required={field === 'email'}
                error={errors[field]}
                className={field === 'address' || field === 'email' || field === 'website' ? styles.wide : undefined}
                {...(field === 'website' ? { hint: 'https:// is added when left out.' } : {})}
              >
                <Input
                  name={field}
                  type={INPUT[field]?.type ?? 'text'}
                  {...(INPUT[field]?.inputMode ? { inputMode: INPUT[field].inputMode } : {})}
                  autoComplete={INPUT[field]?.autoComplete ?? 'off'}
                  value={values[field]}
                  onChange={(e) => set(field, e.target.value)}
                />
              </FormField>
            ))}
          </div>
          <div className={styles.actions}>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
