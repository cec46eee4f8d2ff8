// The review queue's verdicts on a link. Approve: active again, the scanner's and the operator's
// reasons cleared. Disable: the existing set-link-disabled change (the owner sees the reason,
// visitors get 451). Either one writes link.updated (in setLinkDisabled's or here), resolves the
// link's open reports and goes to the audit trail.
import { and, eq, sql } from 'drizzle-orm';
import { abuseReports, links, type LinkRow } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import type { Db, Tx } from '../db/types';
import { linkEvent } from '../links/link-event';
import { recordEvent } from '../events/record-event';
import { AppError } from '../core/errors';
import type { AppContext } from '../context/app-context';
import { serializeLink, type LinkJson } from '../links/serialize-link';
import { setLinkDisabled } from '../links/set-link-disabled';
import { recordAdminAction } from './record-admin-action';

export async function approveLink(adminId: string, linkId: number, note: string | undefined, ctx: AppContext): Promise<LinkJson> {
  const row = await ctx.handle.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(links)
      .set({ status: 'active', safetyReason: null, disabledReason: null, updatedAt: sql`now()` })
      .where(eq(links.id, linkId))
      .returning();
    if (!updated) return undefined;
    await recordEvent(tx, linkEvent('link.updated', updated, ctx.domains));
    await invalidationBus().publishIn(tx, linkKey(updated.domainId, updated.shortCode));
    await resolveOpenReports(tx, adminId, linkId);
    await recordAdminAction(tx, { adminId, action: 'approve_link', target: { type: 'link', id: linkId, label: shortUrl(updated, ctx) }, note });
    return updated;
  });
  if (!row) throw new AppError('not_found', 'No such link.');
  invalidationBus().publish(linkKey(row.domainId, row.shortCode), { sentInTransaction: true });
  return serializeLink(row, ctx.domains);
}

export async function disableLink(adminId: string, linkId: number, body: { reason: string; note?: string }, ctx: AppContext): Promise<LinkJson> {
  const db = ctx.handle.db;
  const [found] = await db.select().from(links).where(eq(links.id, linkId));
  if (!found) throw new AppError('not_found', 'No such link.');
  const row = await setLinkDisabled(found, { reason: body.reason }, ctx);
  await db.transaction(async (tx) => {
    await resolveOpenReports(tx, adminId, linkId);
    await recordAdminAction(tx, {
      adminId,
      action: 'disable_link',
      target: { type: 'link', id: linkId, label: shortUrl(row, ctx) },
      note: joinNote(body.reason, body.note),
    });
  });
  return serializeLink(row, ctx.domains);
}

/** A report set aside without acting on its link. */
export async function dismissReport(db: Db, adminId: string, reportId: number, note: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(abuseReports)
      .set({ status: 'dismissed', resolvedAt: sql`now()`, resolvedBy: adminId })
      .where(and(eq(abuseReports.id, reportId), eq(abuseReports.status, 'open')))
      .returning({ id: abuseReports.id, url: abuseReports.url });
    if (!row) throw new AppError('not_found', 'No such open report.');
    await recordAdminAction(tx, { adminId, action: 'dismiss_report', target: { type: 'report', id: reportId, label: row.url }, note });
  });
}

async function resolveOpenReports(tx: Tx, adminId: string, linkId: number) {
  await tx
    .update(abuseReports)
    .set({ status: 'resolved', resolvedAt: sql`now()`, resolvedBy: adminId })
    .where(and(eq(abuseReports.linkId, linkId), eq(abuseReports.status, 'open')));
}

const shortUrl = (link: LinkRow, ctx: AppContext) => serializeLink(link, ctx.domains).short_url;
const joinNote = (reason: string, note?: string) => (note?.trim() ? `Reason: ${reason.trim()} — ${note.trim()}` : `Reason: ${reason.trim()}`);
