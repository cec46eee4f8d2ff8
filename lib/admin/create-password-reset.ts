// An instance admin starts a password reset for an account: with a mail server the account's owner
// gets the usual reset mail; without one the admin gets the link to hand over (valid one hour, used
// once, stored where better-auth keeps its own). Recorded in the admin audit trail either way
// (docs/guide/admin-console.md).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Auth } from '../auth/auth';
import { loadConfig } from '../config/load-config';
import type { AppContext } from '../context/app-context';
import { AppError } from '../core/errors';
import { mailConfigured } from '../mail/mail-configured';
import { recordAdminAction } from './record-admin-action';

/** better-auth's default, and what lib/auth/auth.ts sets for the mailed links. */
const RESET_TTL_S = 3600;

export interface PasswordResetJson {
  /** true: the reset mail went to the account's address; false: `link` is for the admin to pass on. */
  mailed: boolean;
  link?: string;
  expires_at?: string;
}

export async function createPasswordReset(
  auth: Auth,
  admin: { id: string },
  userId: string,
  note: string | undefined,
  ctx: AppContext,
): Promise<PasswordResetJson> {
  const [user] = await ctx.handle.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('not_found', 'No such account.');
  const { BASE_URL } = loadConfig();
  const target = { type: 'user', id: user.id, label: user.email } as const;

  if (mailConfigured()) {
    await auth.api.requestPasswordReset({ body: { email: user.email, redirectTo: `${BASE_URL}/reset-password` } });
    await recordAdminAction(ctx.handle.db, { adminId: admin.id, action: 'reset_password', target, note: joined('Reset mail sent.', note) });
    return { mailed: true };
  }
  // The same verification row better-auth's request-password-reset writes, so its reset endpoint takes it.
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + RESET_TTL_S * 1000);
  const context = await auth.$context;
  await context.internalAdapter.createVerificationValue({ identifier: `reset-password:${token}`, value: user.id, expiresAt });
  await recordAdminAction(ctx.handle.db, { adminId: admin.id, action: 'reset_password', target, note: joined('Link shown to the admin (mail is off).', note) });
  return { mailed: false, link: `${BASE_URL}/reset-password?token=${token}`, expires_at: expiresAt.toISOString() };
}

function joined(base: string, note: string | undefined) {
  return note?.trim() ? `${base} — ${note.trim()}` : base;
}
