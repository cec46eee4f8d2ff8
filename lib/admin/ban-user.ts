// Banning an account: better-auth's ban (the flag, every session ended, no new ones), its API
// tokens revoked, then every link of the workspaces it owns disabled with the ban reason (visitors
// get 451; link.updated per link). Unbanning lets the account sign in again; its links stay disabled until approved one by one.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { apiTokens, links, users, workspaceMembers } from '../../db/schema';
import type { Auth } from '../auth/auth';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import { linkEvent } from '../links/link-event';
import { recordEvents } from '../events/record-event';
import { AppError } from '../core/errors';
import type { AppContext } from '../context/app-context';
import { recordAdminAction } from './record-admin-action';
import { forgetTokens } from '../tokens/token-cache';

export async function banUser(
  auth: Auth,
  headers: Headers,
  admin: { id: string },
  userId: string,
  body: { reason: string; note?: string },
  ctx: AppContext,
): Promise<{ disabled_links: number }> {
  const db = ctx.handle.db;
  const target = await findUser(ctx, userId);
  if (target.id === admin.id) throw new AppError('invalid_request', 'You cannot ban your own account.');
  if (target.role === 'admin')
    throw new AppError('invalid_request', 'Take the admin role away first (sling users set-admin --off) before banning this account.');
  await auth.api.banUser({ body: { userId, banReason: body.reason }, headers });
  const reason = `Account suspended: ${body.reason}`;
  const owned = db
    .select({ id: workspaceMembers.organizationId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'owner')));
  const disabled = await db.transaction(async (tx) => {
    await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
    const rows = await tx
      .update(links)
      .set({ status: 'disabled', disabledReason: reason, updatedAt: sql`now()` })
      .where(and(inArray(links.workspaceId, owned), ne(links.status, 'disabled')))
      .returning();
    await recordEvents(
      tx,
      rows.map((row) => linkEvent('link.updated', row, ctx.domains)),
    );
    for (const row of rows) await invalidationBus().publishIn(tx, linkKey(row.domainId, row.shortCode));
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: 'ban_user',
      target: { type: 'user', id: userId, label: target.email },
      note: notes(body.reason, body.note, rows.length),
    });
    return rows;
  });
  forgetTokens();
  for (const row of disabled) invalidationBus().publish(linkKey(row.domainId, row.shortCode), { sentInTransaction: true });
  return { disabled_links: disabled.length };
}

export async function unbanUser(auth: Auth, headers: Headers, admin: { id: string }, userId: string, note: string | undefined, ctx: AppContext): Promise<void> {
  const target = await findUser(ctx, userId);
  await auth.api.unbanUser({ body: { userId }, headers });
  await recordAdminAction(ctx.handle.db, { adminId: admin.id, action: 'unban_user', target: { type: 'user', id: userId, label: target.email }, note });
}

async function findUser(ctx: AppContext, userId: string) {
  const [row] = await ctx.handle.db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('not_found', 'No such account.');
  return row;
}

function notes(reason: string, note: string | undefined, count: number) {
  const base = `Reason: ${reason}. ${count} link${count === 1 ? '' : 's'} disabled.`;
  return note?.trim() ? `${base} — ${note.trim()}` : base;
}
