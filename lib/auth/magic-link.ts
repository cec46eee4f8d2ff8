// Sign-in by a link sent by mail (better-auth's magic-link plugin; docs/guide/accounts-and-tokens.md#sign-in-with-a-link-by-mail).
// The link only signs in an account that exists and may sign in without a second step: no account is
// made from it (sign-up stays on the sign-up form and the instance's sign-up setting), and an account
// with two-factor on, or whose workspace requires SSO, or whose address Sling has not proven yet
// (emailVerified: joined by invitation or SCIM) gets no link. On an unproven address better-auth's
// verify step would delete the account's password, SSO links and sessions before signing in. The plugin cannot ask for the
// second factor, so the verify step refuses such an account too (a link mailed before 2FA was on).
// The request answers the same in every case; only the account's owner learns anything, by mail.
import { eq } from 'drizzle-orm';
import { magicLink } from 'better-auth/plugins/magic-link';
import { users } from '../../db/schema';
import { logger } from '../core/logger';
import type { Db } from '../db/types';
import { sendMail } from '../mail/send-mail';
import { refuseIfSsoRequired } from '../sso/sso-auth';
import { lookUpUserByEmail } from './find-user-by-email';

/** How long a link is valid, in seconds. */
export const MAGIC_LINK_TTL_SECONDS = 10 * 60;

export const MAGIC_LINK_PATHS = new Set(['/sign-in/magic-link', '/magic-link/verify']);

type Account = { email: string; emailVerified: boolean; twoFactorEnabled: boolean; banned: boolean };

/** Whether a link may sign this account in (proven address, no second factor, not suspended, no SSO requirement). */
async function mayUseMagicLink(db: Db, user: Account): Promise<boolean> {
  if (!user.emailVerified || user.twoFactorEnabled || user.banned) return false;
  try {
    await refuseIfSsoRequired(db, user.email);
    return true;
  } catch {
    return false;
  }
}

/** At the verify step, before its session is made: false refuses it (better-auth then makes none). */
export async function magicLinkSessionAllowed(db: Db, userId: string): Promise<boolean> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(user) && (await mayUseMagicLink(db, user));
}

/** Not awaited by the request: looking the account up and mailing must not make the answer slower for a known address. */
function mailLinkIfAllowed(db: Db, email: string, url: string): void {
  (async () => {
    const user = await lookUpUserByEmail(db, email);
    if (!user || !(await mayUseMagicLink(db, user))) return;
    await sendMail({
      kind: 'magic-link',
      to: user.email,
      subject: 'Your Sling sign-in link',
      text:
        `Someone asked for a link to sign in to your Sling account (${user.email}).\n\n` +
        `To sign in, open this link within ${MAGIC_LINK_TTL_SECONDS / 60} minutes. It works once:\n${url}\n\n` +
        'If it was not you, ignore this mail: nobody can sign in without the link.',
    });
    // The link itself is never logged: it is a session for whoever reads it.
  })().catch((err) => logger().error({ err }, 'sign-in link mail could not be sent'));
}

/** The plugin as Sling uses it: hashed tokens, 10 minutes, no sign-up. */
export function magicLinkPlugin(db: Db) {
  return magicLink({
    expiresIn: MAGIC_LINK_TTL_SECONDS,
    storeToken: 'hashed',
    disableSignUp: true,
    sendMagicLink: async ({ email, url }) => mailLinkIfAllowed(db, email, url),
  });
}
