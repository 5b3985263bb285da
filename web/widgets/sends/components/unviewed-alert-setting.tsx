import { useState, type FormEvent } from 'react';
import { UNVIEWED_ALERT_MESSAGE, MAX_UNVIEWED_ALERT_MINUTES } from '@shared/schemas/shop-settings';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { useShopSettings, useUpdateShopSettings } from '@web/entities/shop-settings/shop-settings';
import styles from './sends.module.css';

/** Admins: after how many minutes a sent, unopened report is flagged on the dashboard. */
export function UnviewedAlertSetting() {
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  const [text, setText] = useState<string>();
  const [error, setError] = useState<string>();
  if (!settings.data) return null;
  const current = settings.data;
  const value = text ?? String(current.unviewedAlertMinutes);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const minutes = Number(value);
    if (!/^\d+$/.test(value.trim()) || minutes < 1 || minutes > MAX_UNVIEWED_ALERT_MINUTES) {
      setError(UNVIEWED_ALERT_MESSAGE);
      return;
    }
    setError(undefined);
    update.mutate(
      { unviewedAlertMinutes: minutes },
      {
        onSuccess: () => toast({ title: 'Setting saved' }),
        onError: () => toast({ title: 'Error', description: 'Failed to save the setting', variant: 'destructive' }),
      },
    );
  };

  return (
    <Card role="region" aria-labelledby="unviewed-alert-heading">
      <CardHeader>
        <CardTitle as="h2" id="unviewed-alert-heading">
          Unviewed reports
        </CardTitle>
        <CardDescription>
          The dashboard flags a report sent this long ago that the customer has not opened.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className={styles.form} onSubmit={submit} noValidate>
          <FormField label="Flag after (minutes)" error={error}>
            <Input
              name="unviewedAlertMinutes"
              inputMode="numeric"
              value={value}
              onChange={(e) => setText(e.target.value)}
            />
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
