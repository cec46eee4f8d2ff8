// Mail over SMTP_URL (nodemailer). Without it nothing is sent, and the log says which mail was skipped
// but never its body: bodies carry password-reset and invitation links, and logs travel further than mail.
import type { Transporter } from 'nodemailer';
import { loadConfig } from '../config/load-config';
import { logger } from '../core/logger';
import { globalSingleton } from '../core/global-singleton';

/** What a mail is for, so a skipped mail can be logged without its contents. */
export type MailKind =
  | 'password-reset'
  | 'magic-link'
  | 'new-sign-in'
  | 'sign-up-existing-account'
  | 'invitation'
  | 'webhook-disabled'
  | 'domain-misconfigured'
  | 'domain-restored'
  | 'abuse-report-received';

export interface Mail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
}

async function transport(): Promise<Transporter | null> {
  const url = loadConfig().SMTP_URL;
  if (!url) return null;
  // Loaded with the first mail: an idle server does not keep nodemailer (~2 MiB of heap).
  const { default: nodemailer } = await import('nodemailer');
  // In the registry: a test closes and drops the transport between two starts in one process.
  return globalSingleton('mailTransport', () => nodemailer.createTransport(url));
}

export async function sendMail({ kind, ...mail }: Mail): Promise<void> {
  const config = loadConfig();
  const from = config.MAIL_FROM ?? `Sling <no-reply@${config.baseHost}>`;
  const t = await transport();
  if (!t) {
    logger().info({ mail: { kind, to: mail.to, subject: mail.subject } }, 'mail not sent: SMTP_URL is not set');
    return;
  }
  await t.sendMail({ from, ...mail });
}
