import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one email; rejects with the SMTP server's or the connection's error. */
export type Mailer = (message: MailMessage) => Promise<void>;

/** Gives up on an SMTP server that does not answer, so a send is recorded as failed in seconds. */
const SMTP_TIMEOUT_MS = 15_000;

/** The shop's outgoing mail, or null when SMTP_URL is not set (the app then opens the device's mail app). */
export function createMailer(smtpUrl: string | undefined, from: string | undefined): Mailer | null {
  if (!smtpUrl || !from) return null;
  // Loaded with the first email: a server without SMTP_URL never loads it.
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      }),
    ));
  return async (message) => {
    await (await open()).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
  };
}
