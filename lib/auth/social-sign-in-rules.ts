// Sling's rules for "Continue with Google / GitHub / Microsoft" (docs/guide/social-sign-in.md), as
// better-auth database hooks at its OAuth callback. Each refusal is an APIError whose code the
// callback puts on the sign-in page's address (`/login?method=social&error=<code>`).
import { and, eq } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { accounts, sessions, users } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import { assertSignupAllowed } from '../instance/assert-signup-allowed';
import { refuseIfSsoRequired } from '../sso/sso-auth';
import { forgetSession } from '../workspaces/session-actor-cache';

/** better-auth's endpoint that ends every social sign-in. */
export const SOCIAL_CALLBACK_PATH = '/callback/:id';

/**
 * A new account from a provider needs an address the provider vouches for (Sling's accounts are
 * their addresses: resets, invitations and sign-in links go there, so an account made on someone
 * else's address would be theirs to reset while the provider kept it open to its maker), and follows
 * the instance's sign-up setting, as the sign-up form does.
 */
export async function assertSocialSignupAllowed(db: Db, user: { email: string; emailVerified: boolean }): Promise<void> {
  if (!user.emailVerified) {
    throw new APIError('FORBIDDEN', { code: 'email_not_verified', message: 'The provider did not confirm that this address is yours.' });
  }
  try {
    await assertSignupAllowed(db, user.email);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    throw new APIError('FORBIDDEN', { code: 'signup_disabled', message: err.message });
  }
}

/**
 * A provider cannot ask for Sling's second factor, so an account with two-factor on is not signed in
 * through one; nor a member of a workspace that requires SSO. (Bans: the admin plugin refuses those.)
 */
export async function assertSocialSessionAllowed(db: Db, userId: string): Promise<void> {
  const [user] = await db.select({ email: users.email, twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return;
  if (user.twoFactorEnabled) {
    throw new APIError('FORBIDDEN', {
      code: 'two_factor_required',
      message: 'This account has two-factor authentication on: sign in with your password and code.',
    });
  }
  try {
    await refuseIfSsoRequired(db, user.email);
  } catch {
    throw new APIError('FORBIDDEN', { code: 'sso_required', message: 'Your workspace requires single sign-on: use “Continue with SSO”.' });
  }
}

/**
 * A provider's verified address joined an account whose address Sling had not proven: whoever chose
 * its password may not own the address (an account made ahead of its owner), so the password and the
 * account's other sessions go. Its owner sets a new password by mail when they want one.
 */
export async function dropUnprovenCredentials(db: Db, userId: string): Promise<void> {
  const [user] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.emailVerified) return;
  await db.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  for (const session of ended) forgetSession(session.id);
}
