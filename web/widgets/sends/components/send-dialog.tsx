import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CustomerSummary } from '@shared/schemas/customer';
import type { EmailTemplate } from '@shared/schemas/email-template';
import { NO_TEXT_CONSENT, type CreateSendBody, type SendChannel } from '@shared/schemas/send';
import { Button, buttonClass } from '@web/components/ui/button';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { ApiError, newClientId } from '@web/lib/api-client';
import { useAppConfig } from '@web/entities/app-config/get-app-config';
import { useActiveEmailTemplates } from '@web/entities/email-templates/get-email-templates';
import { sendKeys, type SendTargetKind } from '@web/entities/sends/send-keys';
import { recordSend } from '@web/entities/sends/sends';
import {
  fillTemplate,
  mailtoLink,
  placeholderValues,
  smsLink,
  unfilledPlaceholders,
  type FillInput,
} from './fill-template';
import styles from './sends.module.css';

export interface SendDialogProps {
  kind: SendTargetKind;
  targetId: string;
  customer: CustomerSummary;
  /** What the placeholders are filled with. */
  fill: FillInput;
  /** The share page the message points at (copied by "Copy link"). */
  link: string;
  onClose: () => void;
}

type Choice = 'email' | 'text' | 'copy_link';

/** Used when the shop has no active template yet. */
const FALLBACK: Pick<EmailTemplate, 'id' | 'name' | 'subject' | 'body'> = {
  id: 'default',
  name: 'Standard message',
  subject: 'Your vehicle report from the shop',
  body: 'Hi [Customer Name],\n\nThe report for your [Vehicle] is ready: [Inspection Link]\n\nThank you!',
};

const hasShareSheet = () => typeof navigator.share === 'function';

/** "Send to customer": a template filled for the customer, editable, sent by email, text or a copied link. */
export function SendDialog({ kind, targetId, customer, fill, link, onClose }: SendDialogProps) {
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const templates = useActiveEmailTemplates();
  // The shop's templates are on their way: no message is shown (or sent) until they are. Offline or
  // on an error the built-in message stands in.
  const loadingTemplates = templates.isPending && templates.fetchStatus === 'fetching';
  const options = templates.data?.items.length ? templates.data.items : [FALLBACK];
  const values = useMemo(() => placeholderValues(fill), [fill]);
  const [templateId, setTemplateId] = useState<string>();
  const [channel, setChannel] = useState<Choice>('email');
  const [subject, setSubject] = useState<string>();
  const [body, setBody] = useState<string>();
  const [busy, setBusy] = useState(false);

  const template = options.find((t) => t.id === templateId) ?? options[0]!;
  const shownSubject = subject ?? fillTemplate(template.subject, values);
  const shownBody = body ?? fillTemplate(template.body, values);
  const consent = Boolean(customer.textConsentAt);
  // Sends go where the customer's record says; the server holds to the same rule.
  const to = (channel === 'text' ? customer.phone : customer.email).trim();
  const serverEmail = config.data?.emailSending === true;
  const unfilled = unfilledPlaceholders(`${shownSubject}\n${shownBody}`);

  const pickTemplate = (id: string) => {
    setTemplateId(id);
    setSubject(undefined);
    setBody(undefined);
  };

  /** Records the send; the "Sent" line and the dashboard read it back. */
  const record = async (sendChannel: SendChannel, fields: Partial<CreateSendBody> = {}) => {
    const sendBody: CreateSendBody = {
      id: newClientId(),
      channel: sendChannel,
      sentAt: new Date().toISOString(),
      ...fields,
    };
    const outcome = await recordSend(kind, targetId, sendBody, `Send report to ${customer.name}`);
    await queryClient.invalidateQueries({ queryKey: sendKeys.activity(kind, targetId) });
    return outcome;
  };

  const recordedText = (queued: boolean) =>
    queued
      ? 'Saved on this device; it syncs when the connection returns.'
      : `It shows on the ${kind === 'invoice' ? 'receipt' : 'inspection'}.`;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      const message =
        err instanceof ApiError ? (err.serverMessage ?? err.message) : err instanceof Error ? err.message : String(err);
      toast({ title: 'Not sent', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const emailByServer = () =>
    run(async () => {
      const outcome = await record('email', { subject: shownSubject, body: shownBody });
      if (outcome.queued) toast({ title: 'Email queued', description: 'It is sent when the connection returns.' });
      else if (outcome.send.status === 'failed')
        throw new Error(`The email could not be sent: ${outcome.send.error ?? 'unknown error'}`);
      else toast({ title: 'Email sent', description: `To ${to}` });
      onClose();
    });

  const deviceSend = (sendChannel: SendChannel, fields: Partial<CreateSendBody>) =>
    run(async () => {
      const outcome = await record(sendChannel, fields);
      toast({ title: 'Send recorded', description: recordedText(outcome.queued) });
      onClose();
    });

  const shareSheet = () =>
    run(async () => {
      try {
        await navigator.share({ title: shownSubject, text: shownBody });
      } catch (err) {
        // The customer's advisor closed the sheet: nothing was sent.
        if (err instanceof DOMException && err.name === 'AbortError') return;
        throw err;
      }
      const outcome = await record('share_sheet', { body: shownBody });
      toast({ title: 'Send recorded', description: recordedText(outcome.queued) });
      onClose();
    });

  const copyLink = () =>
    run(async () => {
      if (!navigator.clipboard) throw new Error('This browser cannot copy to the clipboard.');
      await navigator.clipboard.writeText(link);
      await record('copy_link');
      toast({ title: 'Link copied', description: link });
      onClose();
    });

  const channels = [
    { value: 'email', label: 'Email' },
    { value: 'text', label: consent ? 'Text' : `Text (${NO_TEXT_CONSENT})`, disabled: !consent },
    { value: 'copy_link', label: 'Copy link' },
  ];

  const action =
    loadingTemplates && channel !== 'copy_link' ? (
      <Button disabled>Loading templates...</Button>
    ) : channel === 'copy_link' ? (
      <Button onClick={copyLink} disabled={busy}>
        Copy link
      </Button>
    ) : channel === 'email' && serverEmail ? (
      <Button onClick={emailByServer} disabled={busy || !to}>
        {busy ? 'Sending…' : 'Send email'}
      </Button>
    ) : channel === 'email' ? (
      <a
        className={buttonClass()}
        href={mailtoLink(to, shownSubject, shownBody)}
        onClick={() => void deviceSend('mail_app', { subject: shownSubject, body: shownBody })}
      >
        Open mail app
      </a>
    ) : hasShareSheet() ? (
      <Button onClick={shareSheet} disabled={busy}>
        Share…
      </Button>
    ) : (
      <a
        className={buttonClass()}
        href={smsLink(to, shownBody)}
        onClick={() => void deviceSend('text', { body: shownBody })}
      >
        Open messages
      </a>
    );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Send to customer"
      description={`${customer.name} · ${fill.vehicle ?? ''}`}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          {action}
        </>
      }
    >
      <div className={styles.form} data-testid="send-dialog">
        <fieldset className={styles.channels}>
          <legend>Send by</legend>
          {channels.map((c) => (
            <label key={c.value} className={styles.channel} data-disabled={c.disabled || undefined}>
              <input
                type="radio"
                name="channel"
                value={c.value}
                checked={channel === c.value}
                disabled={c.disabled}
                onChange={() => setChannel(c.value as Choice)}
              />
              {c.label}
            </label>
          ))}
        </fieldset>
        {channel === 'email' && !serverEmail ? (
          <p className={styles.hint}>Email is not set up on the server: this opens your mail app with the message.</p>
        ) : null}
        {loadingTemplates && channel !== 'copy_link' ? (
          <p className={styles.hint} role="status">
            Loading templates...
          </p>
        ) : channel !== 'copy_link' ? (
          <>
            <FormField label="Template">
              <Select
                options={options.map((t) => ({ value: t.id, label: t.name }))}
                value={template.id}
                onValueChange={pickTemplate}
              />
            </FormField>
            <RecipientOnRecord customerName={customer.name} channel={channel} to={to} />
            {channel === 'email' ? (
              <FormField label="Subject">
                <Input name="subject" value={shownSubject} onChange={(e) => setSubject(e.target.value)} />
              </FormField>
            ) : null}
            <FormField label="Message">
              <Textarea name="body" rows={8} value={shownBody} onChange={(e) => setBody(e.target.value)} />
            </FormField>
            {unfilled.length > 0 ? (
              <p className={styles.warning} role="status">
                No value here for {unfilled.join(', ')}: edit the message before sending.
              </p>
            ) : null}
          </>
        ) : (
          <p className={styles.link} data-testid="send-link">
            {link}
          </p>
        )}
      </div>
    </Dialog>
  );
}

/** Where the message goes: the address on the customer's record, and how to send elsewhere. */
function RecipientOnRecord({ customerName, channel, to }: { customerName: string; channel: Choice; to: string }) {
  const what = channel === 'text' ? 'phone' : 'email';
  return (
    <div className={styles.recipient} data-testid="send-recipient">
      <p className={styles.hint}>
        To: <strong className={styles.address}>{to || `No ${what} on record`}</strong>
      </p>
      <p className={styles.hint}>
        The {what} on {customerName}’s record. To send it elsewhere, edit the customer’s {what} first (Customers, then
        Edit); the change is saved like any other edit.
      </p>
    </div>
  );
}
