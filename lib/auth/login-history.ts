// Login history: every sign-in attempt, and a notice by mail when one succeeds from a new device.
import { and, desc, eq } from 'drizzle-orm';
import { loginEvents, users } from '../../db/schema';
import type { Db } from '../db/types';
import { logger } from '../log/logger';
import { sendMail } from '../mail/send-mail';
import { deviceName } from './device-name';

export interface LoginAttempt {
  email: string;
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  success: boolean;
}

export async function recordLogin(db: Db, attempt: LoginAttempt): Promise<void> {
  const device = deviceName(attempt.userAgent);
  let userId = attempt.userId;
  if (!userId) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, attempt.email.toLowerCase())).limit(1);
    userId = u?.id ?? null;
  }
  const known =
    attempt.success && userId
      ? await db
          .select({ id: loginEvents.id })
          .from(loginEvents)
          .where(and(eq(loginEvents.userId, userId), eq(loginEvents.device, device), eq(loginEvents.success, true)))
          .limit(1)
      : [];
  await db.insert(loginEvents).values({ userId, email: attempt.email, ip: attempt.ip, userAgent: attempt.userAgent, device, success: attempt.success });
  if (attempt.success && userId && known.length === 0) {
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
