import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { useShopSettings, useUpdateShopSettings } from '@web/entities/shop-settings/shop-settings';
import styles from './sends.module.css';

type WholeNumberName = 'shareLinkDays' | 'unviewedAlertMinutes';

interface WholeNumberSettingProps {
  name: WholeNumberName;
  max: number;
  /** Shown when the value is not a whole number from 1 to `max` (the API's own message). */
  message: string;
  title: string;
  description: ReactNode;
  label: string;
}

/** Admins: a shop setting that is a whole number from 1 to `max`, in a card of its own. */
export function WholeNumberSetting({ name, max, message, title, description, label }: WholeNumberSettingProps) {
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  const [text, setText] = useState<string>();
  const [error, setError] = useState<string>();
  if (!settings.data) return null;
  const value = text ?? String(settings.data[name]);
  const headingId = `${name}-heading`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const number = Number(value);
    if (!/^\d+$/.test(value.trim()) || number < 1 || number > max) {
      setError(message);
      return;
    }
    setError(undefined);
    update.mutate(
      { [name]: number },
      {
        onSuccess: () => toast({ title: 'Setting saved' }),
        onError: () => toast({ title: 'Error', description: 'Failed to save the setting', variant: 'destructive' }),
      },
    );
  };

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className={styles.form} onSubmit={submit} noValidate>
          <FormField label={label} error={error}>
            <Input name={name} inputMode="numeric" value={value} onChange={(e) => setText(e.target.value)} />
          </FormField>
          <div>
            <Button type="submit" disabled={update.isPending}>
              Save
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
