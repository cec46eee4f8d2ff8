// Mail over SMTP_URL (nodemailer); without it, mails are written to the log instead.
import nodemailer, { type Transporter } from 'nodemailer';
import { loadConfig } from '../config/load-config';
import { logger } from '../log/logger';
import { globalSingleton } from '../runtime/global-singleton';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

function transport(): Transporter | null {
  return globalSingleton('mailTransport', () => {
    const url = loadConfig().SMTP_URL;
    return url ? nodemailer.createTransport(url) : null;
  });
}

export async function sendMail(mail: Mail): Promise<void> {
  const config = loadConfig();
  const from = config.MAIL_FROM ?? `Sling <no-reply@${config.baseHost}>`;
  const t = transport();
  if (!t) {
    logger().info({ mail: { from, ...mail } }, 'mail (SMTP_URL not set, so logged instead of sent)');
    return;
  }
  await t.sendMail({ from, ...mail });
}
