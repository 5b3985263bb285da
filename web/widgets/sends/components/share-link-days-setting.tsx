import { useState, type FormEvent } from 'react';
import { MAX_SHARE_LINK_DAYS, SHARE_LINK_DAYS_MESSAGE } from '@shared/schemas/shop-settings';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { useShopSettings, useUpdateShopSettings } from '@web/entities/shop-settings/shop-settings';
import styles from './sends.module.css';

/** Admins: how many days a share link works after it was made or last sent. */
export function ShareLinkDaysSetting() {
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  const [text, setText] = useState<string>();
  const [error, setError] = useState<string>();
  if (!settings.data) return null;
  const value = text ?? String(settings.data.shareLinkDays);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const days = Number(value);
    if (!/^\d+$/.test(value.trim()) || days < 1 || days > MAX_SHARE_LINK_DAYS) {
      setError(SHARE_LINK_DAYS_MESSAGE);
      return;
    }
    setError(undefined);
    update.mutate(
      { shareLinkDays: days },
      {
        onSuccess: () => toast({ title: 'Setting saved' }),
        onError: () => toast({ title: 'Error', description: 'Failed to save the setting', variant: 'destructive' }),
      },
    );
  };

  return (
    <Card role="region" aria-labelledby="share-link-days-heading">
      <CardHeader>
        <CardTitle as="h2" id="share-link-days-heading">
          Customer links
        </CardTitle>
        <CardDescription>
          A report or receipt link stops working this many days after it was made or last sent; the customer then sees
          the shop&apos;s phone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className={styles.form} onSubmit={submit} noValidate>
          <FormField label="Links expire after (days)" error={error}>
            <Input name="shareLinkDays" inputMode="numeric" value={value} onChange={(e) => setText(e.target.value)} />
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
