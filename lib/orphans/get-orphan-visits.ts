// One domain's orphan visits over a range of days: totals per kind and the most visited paths. The
// domain must be the workspace's own (in the query: another's, or the shared default domain, is not found).
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { domains, workspaces } from '../../db/schema';
import { orphanVisitCounts, type OrphanKind } from '../../db/schema/orphan-visits';
import { AppError } from '../core/errors';
import type { Db } from '../db/types';
import type { Actor } from '../tenancy/actor';
import { domainScope } from '../tenancy/scope';
import type { DayRange, TOrphanVisits } from './orphan-visits-schema';

export interface OrphanDomain {
  id: number;
  hostname: string;
  logOrphanVisits: boolean;
}

/** The workspace's own domain `id`, with its workspace's choice to keep each visit; 404 otherwise. */
export async function getOrphanDomainOrThrow(db: Db, actor: Actor, id: string): Promise<OrphanDomain> {
  const n = /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN;
  const [row] = Number.isSafeInteger(n)
    ? await db
        .select({ id: domains.id, hostname: domains.hostname, logOrphanVisits: workspaces.logOrphanVisits })
        .from(domains)
        .innerJoin(workspaces, eq(workspaces.id, domains.workspaceId))
        .where(and(eq(domains.id, n), domainScope(actor)))
        .limit(1)
    : [];
  if (!row) throw new AppError('not_found', `No domain "${id}" in this workspace.`);
  return row;
}

/** The counts of the workspace's domain `id` from range.start to range.end (UTC days, both included). */
export async function getOrphanVisits(
  db: Db,
  actor: Actor,
  id: string,
  q: { range: DayRange; limit: number; kind: OrphanKind | undefined },
): Promise<TOrphanVisits> {
  const domain = await getOrphanDomainOrThrow(db, actor, id);
  const c = orphanVisitCounts;
  const inRange = and(eq(c.domainId, domain.id), gte(c.day, q.range.start), lte(c.day, q.range.end));
  const visits = sql<number>`sum(${c.visits})::int`;
  const [byKind, top] = await Promise.all([
    db.select({ kind: c.kind, visits }).from(c).where(inRange).groupBy(c.kind),
    db
      .select({ kind: c.kind, path: c.path, visits })
      .from(c)
      .where(q.kind ? and(inRange, eq(c.kind, q.kind)) : inRange)
      .groupBy(c.kind, c.path)
      .orderBy(desc(visits), c.kind, c.path)
      .limit(q.limit),
  ]);
  const totals = { code: 0, root: 0, path: 0, all: 0 };
  for (const k of byKind) {
    totals[k.kind] = Number(k.visits);
    totals.all += Number(k.visits);
  }
  return {
    domain: { id: domain.id, hostname: domain.hostname },
    start: q.range.start,
    end: q.range.end,
    log_orphan_visits: domain.logOrphanVisits,
    totals,
    top: top.map((t) => ({ kind: t.kind, path: t.path, visits: Number(t.visits) })),
  };
}
