import { APPROVAL_SIGNATURE_MODES, type ApprovalSignatureMode } from '@shared/schemas/decision';
import { RegionCard } from '@web/components/ui/card';
import { useToast } from '@web/components/ui/toast';
import { useOnline } from '@web/lib/use-online';
import { useShopSettings, useUpdateShopSettings } from '@web/entities/shop-settings/shop-settings';
import styles from './settings.module.css';

const CHOICES: Record<ApprovalSignatureMode, { label: string; hint: string }> = {
  never: { label: 'Never', hint: 'Customers approve with one tap.' },
  first: { label: 'First approval', hint: 'The first approval on an inspection asks for a name or signature.' },
  always: { label: 'Every approval', hint: 'Each approval asks for a name or signature.' },
};

/** Admins: when a share page asks for a typed full name or a drawn signature before approving. */
export function ApprovalSignatureSetting() {
  const { toast } = useToast();
  const online = useOnline();
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  const current = settings.data?.approvalSignature;
  return (
    <RegionCard titleId="approval-signature-title" title="Approval Signature">
      <fieldset className={styles.choices} disabled={!online || !settings.data || update.isPending}>
        <legend className={styles.lead}>When customers approve work on a share link, ask them to sign:</legend>
        {APPROVAL_SIGNATURE_MODES.map((mode) => (
          <label key={mode} className={styles.choice}>
            <input
              type="radio"
              name="approval-signature"
              value={mode}
              checked={current === mode}
              onChange={() =>
                settings.data &&
                update.mutate(
                  { approvalSignature: mode },
                  {
                    onSuccess: () => toast({ title: 'Approval signature saved', description: CHOICES[mode].hint }),
                    onError: () =>
                      toast({
                        title: 'Error',
                        description: 'Failed to save the approval signature setting',
                        variant: 'destructive',
                      }),
                  },
                )
              }
            />
            <span>
              <strong>{CHOICES[mode].label}</strong> <span className={styles.lead}>{CHOICES[mode].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </RegionCard>
  );
}
