// Sign-ups over HTTP follow the instance setting: open, invite-only (the address must hold a pending,
// unexpired workspace invitation) or closed. Accounts made with `sling users create` are not gated.
import { and, eq, gt, sql } from 'drizzle-orm';
import { workspaceInvitations } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import { getInstanceSettings } from './instance-settings';

export async function assertSignupAllowed(db: Db, email: unknown): Promise<void> {
  const { signups } = await getInstanceSettings(db);
  if (signups === 'open') return;
  if (signups === 'closed') throw new AppError('forbidden', 'Sign-ups are closed on this Sling instance. Ask its administrator for an account.', { signups });
  const address = typeof email === 'string' ? email.trim().toLowerCase() : '';
  const [invited] = address
    ? await db
        .select({ id: workspaceInvitations.id })
        .from(workspaceInvitations)
        .where(
          and(
            eq(sql`lower(${workspaceInvitations.email})`, address),
            eq(workspaceInvitations.status, 'pending'),
            gt(workspaceInvitations.expiresAt, sql`now()`),
          ),
        )
        .limit(1)
    : [];
  if (!invited) {
    throw new AppError('forbidden', 'This Sling instance accepts new accounts by invitation only. Use the address your invitation was sent to.', { signups });
  }
}
