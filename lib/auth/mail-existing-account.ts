// The mail to an account whose address someone used to sign up again (the sign-up itself answers as
// for a new address, so it cannot be used to find out who has an account).
import { loadConfig } from '../config/load-config';
import { logger } from '../core/logger';
import { sendMail } from '../mail/send-mail';

/** Not awaited by the sign-up: a slow mail server must not make the answer slower than a new address's. */
export function mailExistingAccount(email: string): void {
  const base = loadConfig().BASE_URL;
  sendMail({
    kind: 'sign-up-existing-account',
    to: email,
    subject: 'Someone tried to sign up to Sling with your address',
    text:
      `Someone tried to create a Sling account with this address (${email}), which already has one. No new account was made and your account is unchanged.\n\n` +
      `If it was you, sign in instead: ${base}/login\nForgot your password? Reset it: ${base}/forgot-password\n\n` +
      `If it was not you, you can ignore this mail.`,
  }).catch((err) => logger().error({ err }, 'sign-up notice for an existing account could not be sent'));
}
