import { ROLE_LABELS } from '@shared/constants';
import { ROLE_TABLE } from '@shared/permissions';
import { RegionCard } from '@web/components/ui/card';
import { useToast } from '@web/components/ui/toast';
import { useOnline } from '@web/lib/use-online';
import { useShopSettings, useUpdateShopSettings } from '@web/entities/shop-settings/shop-settings';
import styles from './settings.module.css';

// The roles that always may send, as the role table says.
const ALWAYS = ROLE_TABLE.sendToCustomer.roles.map((role) => `${ROLE_LABELS[role]}s`).join(' and ');

const CHOICES = [
  { value: false, label: `${ALWAYS} only`, hint: 'Technicians ask the front desk to send.' },
  { value: true, label: 'Technicians too', hint: 'Technicians can send reports from their tablets.' },
] as const;

/** Admins: whether technicians may send reports to customers (the role table's shop setting). */
export function SendingPermissionSetting() {
  const { toast } = useToast();
  const online = useOnline();
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  const current = settings.data?.techniciansMaySend;
  return (
    <RegionCard titleId="sending-permission-title" title="Sending to Customers">
      <fieldset className={styles.choices} disabled={!online || !settings.data || update.isPending}>
        <legend className={styles.lead}>
          Who may send reports and invoices to customers (always to the email or phone on the customer’s record):
        </legend>
        {CHOICES.map((choice) => (
          <label key={String(choice.value)} className={styles.choice}>
            <input
              type="radio"
              name="technicians-may-send"
              checked={current === choice.value}
              onChange={() =>
                settings.data &&
                update.mutate(
                  { techniciansMaySend: choice.value },
                  {
                    onSuccess: () => toast({ title: 'Sending permission saved', description: choice.hint }),
                    onError: () =>
                      toast({
                        title: 'Error',
                        description: 'Failed to save who may send to customers',
                        variant: 'destructive',
                      }),
                  },
                )
              }
            />
            <span>
              <strong>{choice.label}</strong> <span className={styles.lead}>{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </RegionCard>
  );
}
