// Unique visitors of a scope over whole hours [from's hour, to's hour + 1 h). The UTC days inside
// the range that the sketch job has built are read from their sketches, merged; the hours outside
// them (a partial first or last day, today, a day not built yet) from the raw clicks, hashed the
// same way and merged in. The answer is then a HyperLogLog estimate (about 0.8 % standard error);
// when no built day falls inside the range it is the exact count, as it is with dimension filters
// (get-stats.ts), which the per-link sketches cannot apply.
import type { DbHandle, Queryable } from '../db/types';
import { addHashes, addRegisters, emptyRegisters, estimate, hashesSql, mergeSketch, registersSql } from './hyperloglog';

const HOUR = 3_600_000;
/** The raw clicks counted: not bots, in the whole hours of $1 (from) to $2 (to), as get-stats.ts reads them. */
const RAW_HOURS = `NOT bot AND clicked_at >= date_trunc('hour', $1::timestamptz, 'UTC') AND clicked_at < date_trunc('hour', $2::timestamptz, 'UTC') + interval '1 hour'`;
const DAY = 86_400_000;

export interface UniqueVisitorsSql {
  /** Scope condition on visitor_sketches (workspace_id, link_id), as on click_rollups. */
  sketches: string;
  /** Scope condition on the raw clicks. */
  clicks: string;
  /** $1 from, $2 to, then the conditions' own parameters. */
  params: unknown[];
  /** A whole workspace's id placeholder (among params): its workspace sketches serve first. */
  workspace?: string;
}

export async function countUniqueVisitors(db: Queryable, where: UniqueVisitorsSql, range: { from: Date; to: Date }): Promise<number> {
  const start = Math.floor(range.from.getTime() / HOUR) * HOUR;
  const end = Math.floor(range.to.getTime() / HOUR) * HOUR + HOUR;
  const firstDay = Math.ceil(start / DAY) * DAY;
  const lastDay = Math.floor(end / DAY) * DAY; // exclusive
  const built =
    firstDay < lastDay
      ? (
          await db.query<{ day: string }>(`SELECT day::text AS day FROM visitor_sketch_days WHERE day >= $1::date AND day < $2::date ORDER BY day`, [
            isoDay(firstDay),
            isoDay(lastDay),
          ])
        ).map((r) => r.day)
      : [];
  const params = [...where.params];
  const p = (v: unknown) => `$${params.push(v)}`;
  if (built.length === 0) {
    const [row] = await db.query<{ n: number }>(`SELECT count(DISTINCT visitor)::int AS n FROM clicks WHERE ${where.clicks} AND ${RAW_HOURS}`, params);
    return Number(row?.n ?? 0);
  }
  // The raw stretches between built days, each an index range on (link_id, clicked_at).
  let stretches: Array<[number, number]> = [];
  let at = start;
  for (const day of built.map((d) => Date.parse(d))) {
    if (day > at) stretches.push([at, day]);
    at = day + DAY;
  }
  if (end > at) stretches.push([at, end]);
  const registers = emptyRegisters();
  let perLinkDays = built;
  if (where.workspace) {
    // A whole workspace: its own day sketches, and hour sketches for the hours outside built days,
    // each only while its clicks are still the rollups' (build-workspace-sketches.ts).
    const days = await validWorkspaceSketches(db, where.workspace, where.params, 24, { days: built });
    for (const d of days) mergeSketch(registers, d.sketch);
    const covered = new Set(days.map((d) => isoDay(new Date(d.start).getTime())));
    perLinkDays = built.filter((d) => !covered.has(d));
    const hours = await validWorkspaceSketches(db, where.workspace, where.params, 1, { stretches });
    for (const h of hours) mergeSketch(registers, h.sketch);
    stretches = without(
      stretches,
      hours.map((h) => new Date(h.start).getTime()),
    );
  }
  if (perLinkDays.length > 0) {
    const sketchParams = [...where.params, perLinkDays];
    const sketches = await db.query<{ sketch: Uint8Array }>(
      `SELECT sketch FROM visitor_sketches WHERE ${where.sketches} AND day = ANY($${sketchParams.length}::date[])
         AND day BETWEEN ($1::timestamptz AT TIME ZONE 'UTC')::date AND ($2::timestamptz AT TIME ZONE 'UTC')::date`,
      sketchParams,
    );
    for (const s of sketches) mergeSketch(registers, s.sketch);
  }
  if (stretches.length > 0) {
    const within = stretches
      .map(([a, b]) => `(clicked_at >= ${p(new Date(a).toISOString())}::timestamptz AND clicked_at < ${p(new Date(b).toISOString())}::timestamptz)`)
      .join(' OR ');
    const rawWhere = `${where.clicks} AND ${RAW_HOURS} AND (${within})`;
    // PGlite groups slowly and hands arrays over cheaply; PostgreSQL the other way round (pg parses array text).
    if ((db as Partial<DbHandle>).kind === 'pglite') {
      const [raw] = await db.query<{ regs: number[]; tops: number[] }>(hashesSql(rawWhere), params);
      addHashes(registers, raw.regs, raw.tops);
    } else {
      addRegisters(registers, await db.query<{ reg: number; rho: number }>(registersSql(rawWhere), params));
    }
  }
  return estimate(registers);
}

/** A workspace's sketches of `hours` (24: of the built days; 1: inside the stretches) whose clicks are still the rollups'. */
async function validWorkspaceSketches(
  db: Queryable,
  workspace: string,
  baseParams: unknown[],
  hours: 1 | 24,
  within: { days?: string[]; stretches?: Array<[number, number]> },
): Promise<Array<{ start: Date; sketch: Uint8Array }>> {
  const params = [...baseParams];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where =
    hours === 24
      ? `s.start = ANY(${p((within.days ?? []).map((d) => `${d}T00:00:00Z`))}::timestamptz[])`
      : (within.stretches ?? [])
          .map(([a, b]) => `(s.start >= ${p(new Date(a).toISOString())}::timestamptz AND s.start < ${p(new Date(b).toISOString())}::timestamptz)`)
          .join(' OR ');
  if (!where) return [];
  return db.query<{ start: Date; sketch: Uint8Array }>(
    `SELECT s.start, s.sketch FROM workspace_visitor_sketches s
     WHERE s.workspace_id = ${workspace} AND s.hours = ${hours} AND (${where})
       AND s.start >= date_trunc('hour', $1::timestamptz, 'UTC') AND s.start <= $2::timestamptz
       AND s.clicks = (SELECT coalesce(sum(r.clicks), 0) FROM workspace_rollups r WHERE r.workspace_id = s.workspace_id AND r.dim = ''
                         AND r.hour >= s.start AND r.hour < s.start + ${hours} * interval '1 hour')`,
    params,
  );
}

/** The stretches without the given hours (their starts), as stretches again. */
function without(stretches: Array<[number, number]>, hours: number[]): Array<[number, number]> {
  const skip = new Set(hours);
  const out: Array<[number, number]> = [];
  for (const [a, b] of stretches) {
    for (let h = a; h < b; h += HOUR) {
      if (skip.has(h)) continue;
      const lastOut = out[out.length - 1];
      if (lastOut && lastOut[1] === h) lastOut[1] = h + HOUR;
      else out.push([h, h + HOUR]);
    }
  }
  return out;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
