// Login history: every sign-in attempt, and a notice by mail when one succeeds from a device the
// account has not signed in from before.
import { and, desc, eq, sql } from 'drizzle-orm';
import { loginEvents, users } from '../../db/schema';
import type { Db } from '../db/types';
import { logger } from '../core/logger';
import { sendMail } from '../mail/send-mail';
import { deviceName } from './device-name';

export interface LoginAttempt {
  email: string;
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  success: boolean;
  /** null: a password; "sso:<connection name>" for single sign-on. */
  method?: string | null;
}

export async function recordLogin(db: Db, attempt: LoginAttempt): Promise<void> {
  const device = deviceName(attempt.userAgent);
  let userId = attempt.userId;
  if (!userId) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, attempt.email.toLowerCase())).limit(1);
    userId = u?.id ?? null;
  }
  // The first sign-in of an account has no known device to differ from (and with sign-up followed by
  // sign-in it comes seconds after the account was made): no notice for it.
  const [seen] =
    attempt.success && userId
      ? await db
          .select({ before: sql<boolean>`count(*) > 0`, thisDevice: sql<boolean>`coalesce(bool_or(${loginEvents.device} = ${device}), false)` })
          .from(loginEvents)
          .where(and(eq(loginEvents.userId, userId), eq(loginEvents.success, true)))
      : [];
  await db
    .insert(loginEvents)
    .values({ userId, email: attempt.email, ip: attempt.ip, userAgent: attempt.userAgent, device, success: attempt.success, method: attempt.method ?? null });
  if (attempt.success && userId && seen?.before && !seen.thisDevice) {
    sendMail({
      kind: 'new-sign-in',
      to: attempt.email,
      subject: `New sign-in to Sling from ${device}`,
      text:
        `Someone signed in to your Sling account from a device we had not seen before.\n\n` +
        `Device: ${device}\nIP address: ${attempt.ip ?? 'unknown'}\nTime: ${new Date().toISOString()}\n\n` +
        `If this was you, nothing to do. If not, change your password and sign out your other sessions in Settings.`,
    }).catch((err) => logger().error({ err }, 'new-sign-in notice could not be sent'));
  }
}

export function findLoginHistory(db: Db, userId: string, limit = 20) {
  return db.select().from(loginEvents).where(eq(loginEvents.userId, userId)).orderBy(desc(loginEvents.at)).limit(limit);
}
