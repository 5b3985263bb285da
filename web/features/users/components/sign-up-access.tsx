import { Copy, Link2, X } from 'lucide-react';
import { useState } from 'react';
import { INVITE_ROLES, INVITE_TTL_DAYS, ROLE_LABELS, type InviteRole } from '@shared/constants';
import type { CreatedInvite } from '@shared/schemas/invite';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { useToast } from '@web/components/ui/toast';
import { inviteUrl, useCreateInvite, useInvites, useWithdrawInvite } from '@web/entities/invites/invites';
import { useShopSettings, useUpdateShopSettings } from '@web/entities/shop-settings/shop-settings';
import styles from './users.module.css';

const ROLE_OPTIONS = INVITE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const shortDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/** How people get an account: invite links (single use, 7 days) and the shop's "Open sign-up" switch. */
export function SignUpAccess({ online }: { online: boolean }) {
  const { toast } = useToast();
  const invites = useInvites();
  const create = useCreateInvite();
  const withdraw = useWithdrawInvite();
  const settings = useShopSettings();
  const updateSettings = useUpdateShopSettings();
  const [role, setRole] = useState<InviteRole>('technician');
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const open = invites.data ?? [];

  const copy = async (url: string) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'Send it to your new team member' });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the link and copy it yourself', variant: 'destructive' });
    }
  };

  return (
    <Card role="region" aria-labelledby="sign-up-access-heading">
      <CardHeader>
        <CardTitle as="h2" id="sign-up-access-heading">
          Invite your team
        </CardTitle>
        <CardDescription>
          An invite link lets one person choose their own username and password. It works once, for {INVITE_TTL_DAYS}{' '}
          days.
        </CardDescription>
      </CardHeader>
      <CardContent className={styles.access}>
        <div className={styles.inviteMaker}>
          <div className={styles.inviteRole}>
            <Select
              aria-label="Role for the invite"
              options={ROLE_OPTIONS}
              value={role}
              onValueChange={(value) => setRole(value as InviteRole)}
              disabled={!online}
            />
          </div>
          <Button
            onClick={() =>
              create.mutate(
                { role },
                {
                  onSuccess: (invite) => setCreated(invite),
                  onError: () =>
                    toast({ title: 'Error', description: 'Failed to create invite link', variant: 'destructive' }),
                },
              )
            }
            disabled={!online || create.isPending}
          >
            <Link2 aria-hidden="true" /> Create Invite Link
          </Button>
        </div>
        {created ? (
          <div className={styles.newLink} role="status">
            <label htmlFor="new-invite-link">
              New {ROLE_LABELS[created.role]} invite, shown only now: copy it and send it.
            </label>
            <div className={styles.linkRow}>
              <Input
                id="new-invite-link"
                readOnly
                value={inviteUrl(created.token)}
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button variant="secondary" onClick={() => void copy(inviteUrl(created.token))}>
                <Copy aria-hidden="true" /> Copy
              </Button>
            </div>
          </div>
        ) : null}
        {open.length > 0 ? (
          <ul className={styles.rows} aria-label="Open invite links">
            {open.map((invite) => (
              <li key={invite.id} className={styles.row}>
                <div className={styles.rowText}>
                  <strong>{ROLE_LABELS[invite.role]} invite</strong>
                  <span>
                    {invite.createdBy ? `by ${invite.createdBy.username} · ` : ''}works until{' '}
                    {shortDate(invite.expiresAt)}
                  </span>
                </div>
                <Button
                  variant="ghost"
                  onClick={() =>
                    withdraw.mutate(invite.id, {
                      onSuccess: () => {
                        if (created?.id === invite.id) setCreated(null);
                        toast({ title: 'Invite withdrawn', description: 'The link no longer works' });
                      },
                      onError: () =>
                        toast({
                          title: 'Error',
                          description: 'Failed to withdraw invite link',
                          variant: 'destructive',
                        }),
                    })
                  }
                  disabled={!online || withdraw.isPending}
                  aria-label={`Withdraw ${ROLE_LABELS[invite.role]} invite made ${shortDate(invite.createdAt)}`}
                >
                  <X aria-hidden="true" /> Withdraw
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <label className={styles.switchRow}>
          <input
            type="checkbox"
            role="switch"
            checked={settings.data?.openSignUp ?? false}
            disabled={!online || !settings.data || updateSettings.isPending}
            onChange={(e) =>
              updateSettings.mutate(
                { openSignUp: e.target.checked },
                {
                  onSuccess: (next) =>
                    toast({
                      title: next.openSignUp ? 'Sign-up opened' : 'Sign-up closed',
                      description: next.openSignUp
                        ? 'New accounts wait for your approval'
                        : 'Only you can add people, or invite them',
                    }),
                  onError: () =>
                    toast({ title: 'Error', description: 'Failed to update sign-up setting', variant: 'destructive' }),
                },
              )
            }
          />
          <span>
            <strong>Open sign-up</strong>
            <span className={styles.switchHint}>
              Anyone who can open this site may request an account on the Sign Up tab; each one waits for your approval.
            </span>
          </span>
        </label>
      </CardContent>
    </Card>
  );
}
