/** Outgoing mail through SMTP_URL with nodemailer; without SMTP_URL there is no mailer at all. */
import nodemailer from 'nodemailer';

export interface MailConfig {
  /** smtp:// or smtps:// with any credentials in it; unset means this server sends no mail. */
  smtpUrl?: string;
  from: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A send that hangs must not pile up connections: the server gives up on it after this. */
const SEND_TIMEOUT_MS = 30_000;

export function createMailer(config: MailConfig | undefined): Mailer | null {
  if (!config?.smtpUrl) return null;
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    },
  };
}
