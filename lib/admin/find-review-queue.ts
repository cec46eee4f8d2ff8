// The review queue: links the scanner holds (pending_review, blocked) and links with open reports,
// each with its evidence (the scanner's reason, the reports) and who owns it. Reports whose link
// was deleted are listed too, so they can be dismissed.
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { abuseReports, links, users, workspaces } from '../../db/schema';
import type { Db } from '../db/types';
import type { AppContext } from '../context/app-context';
import { serializeLink, type LinkJson } from '../links/serialize-link';

export interface ReportJson {
  id: number;
  source: string;
  reason: string;
  details: string | null;
  url: string;
  created_at: string;
}

export interface ReviewItemJson {
  link: LinkJson | null;
  owner: { id: string; email: string; name: string; banned: boolean } | null;
  workspace: { id: string; name: string; kind: string } | null;
  reports: ReportJson[];
}

const QUEUE_LIMIT = 100;

export async function findReviewQueue(db: Db, ctx: AppContext): Promise<ReviewItemJson[]> {
  const reported = db
    .select({ id: abuseReports.linkId })
    .from(abuseReports)
    .where(and(eq(abuseReports.status, 'open'), sql`${abuseReports.linkId} IS NOT NULL`));
  const rows = await db
    .select({
      link: links,
      owner: { id: users.id, email: users.email, name: users.name, banned: users.banned },
      workspace: { id: workspaces.id, name: workspaces.name, kind: workspaces.kind },
    })
    .from(links)
    .innerJoin(workspaces, eq(workspaces.id, links.workspaceId))
    .leftJoin(users, eq(users.id, links.createdBy))
    .where(or(inArray(links.status, ['pending_review', 'blocked']), inArray(links.id, reported)))
    .orderBy(desc(links.updatedAt), desc(links.id))
    .limit(QUEUE_LIMIT);
  const ids = rows.map((r) => r.link.id);
  const reports = await db
    .select()
    .from(abuseReports)
    .where(and(eq(abuseReports.status, 'open'), ids.length ? or(inArray(abuseReports.linkId, ids), isNull(abuseReports.linkId)) : isNull(abuseReports.linkId)))
    .orderBy(asc(abuseReports.createdAt))
    .limit(QUEUE_LIMIT * 10);
  const byLink = new Map<number | null, ReportJson[]>();
  for (const r of reports) byLink.set(r.linkId, [...(byLink.get(r.linkId) ?? []), reportJson(r)]);
  const items: ReviewItemJson[] = rows.map((r) => ({
    link: serializeLink(r.link, ctx.domains),
    owner: r.owner,
    workspace: r.workspace,
    reports: byLink.get(r.link.id) ?? [],
  }));
  for (const report of byLink.get(null) ?? []) items.push({ link: null, owner: null, workspace: null, reports: [report] });
  return items;
}

function reportJson(r: typeof abuseReports.$inferSelect): ReportJson {
  return { id: r.id, source: r.source, reason: r.reason, details: r.details, url: r.url, created_at: new Date(r.createdAt).toISOString() };
}
