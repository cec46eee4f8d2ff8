// One domain's orphan visits as CSV, streamed page by page: the daily counts, or (visits) each kept
// visit. The domain was checked to be the workspace's own before (get-orphan-visits.ts).
import { and, asc, desc, eq, gte, lt, lte } from 'drizzle-orm';
import { orphanVisitCounts, orphanVisits } from '../../db/schema/orphan-visits';
import { csvField } from '../core/csv-field';
import type { Db } from '../db/types';
import type { DayRange } from './orphan-visits-schema';

export const ORPHAN_COUNT_COLUMNS = ['day', 'kind', 'path', 'visits'] as const;
export const ORPHAN_VISIT_COLUMNS = ['visited_at', 'kind', 'path', 'referrer', 'user_agent', 'country', 'device', 'browser', 'bot'] as const;

const PAGE = 2000;
const DAY_MS = 86_400_000;

type Cell = string | number | boolean | null;

export function exportOrphanVisits(db: Db, domainId: number, range: DayRange, visits: boolean): ReadableStream<Uint8Array> {
  return visits
    ? csvStream(ORPHAN_VISIT_COLUMNS, (offset) => visitPage(db, domainId, range, offset))
    : csvStream(ORPHAN_COUNT_COLUMNS, (offset) => countPage(db, domainId, range, offset));
}

function countPage(db: Db, domainId: number, range: DayRange, offset: number): Promise<Cell[][]> {
  const c = orphanVisitCounts;
  return db
    .select({ day: c.day, kind: c.kind, path: c.path, visits: c.visits })
    .from(c)
    .where(and(eq(c.domainId, domainId), gte(c.day, range.start), lte(c.day, range.end)))
    .orderBy(asc(c.day), asc(c.kind), desc(c.visits), asc(c.path))
    .limit(PAGE)
    .offset(offset)
    .then((rows) => rows.map((r) => [r.day, r.kind, r.path, r.visits]));
}

function visitPage(db: Db, domainId: number, range: DayRange, offset: number): Promise<Cell[][]> {
  const v = orphanVisits;
  const from = new Date(`${range.start}T00:00:00Z`);
  const until = new Date(Date.parse(`${range.end}T00:00:00Z`) + DAY_MS);
  return db
    .select()
    .from(v)
    .where(and(eq(v.domainId, domainId), gte(v.visitedAt, from), lt(v.visitedAt, until)))
    .orderBy(asc(v.visitedAt), asc(v.kind), asc(v.path))
    .limit(PAGE)
    .offset(offset)
    .then((rows) => rows.map((r) => [r.visitedAt.toISOString(), r.kind, r.path, r.referrer, r.userAgent, r.country, r.device, r.browser, r.bot]));
}

function csvStream(columns: readonly string[], page: (offset: number) => Promise<Cell[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let offset = 0;
  let done = false;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(`${columns.join(',')}\r\n`));
    },
    async pull(controller) {
      if (done) return controller.close();
      const rows = await page(offset);
      offset += rows.length;
      done = rows.length < PAGE;
      if (rows.length > 0) controller.enqueue(encoder.encode(rows.map((r) => `${r.map(csvField).join(',')}\r\n`).join('')));
    },
  });
}
