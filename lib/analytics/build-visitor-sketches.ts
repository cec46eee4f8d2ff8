// Builds the day sketches of unique visitors (db/schema/visitor-sketches.ts) from the raw clicks of
// UTC days that are over: every day not built yet (the first run backfills from the oldest click,
// a run after a pause fills the gap), and the last `recheckDays` again, where a link whose count
// of clicks changed since (clicks that arrived late) is rebuilt. Idempotent: building a day twice
// writes the same sketches. Never touches the click writer: it only reads raw clicks.
import type { Queryable } from '../db/types';
import { addRegisters, emptyRegisters, encodeSketch, registersSql } from './hyperloglog';

const DAY = 86_400_000;
/** Links whose registers are read in one statement. */
const CHUNK = 200;

export interface BuildVisitorSketchesOptions {
  now?: Date;
  /** Days already built that are looked at again for late clicks (default 2). */
  recheckDays?: number;
  /** How long after midnight a day counts as over: click buffers flush within seconds (default 10 minutes). */
  settleMs?: number;
}

export async function buildVisitorSketches(db: Queryable, opts: BuildVisitorSketchesOptions = {}): Promise<{ days: string[]; sketches: number }> {
  const now = (opts.now ?? new Date()).getTime();
  const lastDay = Math.floor((now - (opts.settleMs ?? 600_000)) / DAY) * DAY - DAY;
  const built = new Set(
    (await db.query<{ day: string }>(`SELECT day::text AS day FROM visitor_sketch_days WHERE day <= $1::date`, [isoDay(lastDay)])).map((r) => r.day),
  );
  const start = built.size > 0 ? Math.min(...[...built].map((d) => Date.parse(d))) : await oldestClickDay(db);
  if (start === null) return { days: [], sketches: 0 };
  const recheckFrom = lastDay - ((opts.recheckDays ?? 2) - 1) * DAY;
  const days: string[] = [];
  for (let day = start; day <= lastDay; day += DAY) {
    if (!built.has(isoDay(day)) || day >= recheckFrom) days.push(isoDay(day));
  }
  let sketches = 0;
  for (const day of days) sketches += await buildDay(db, day);
  return { days, sketches };
}

/** Builds (or rebuilds where the count changed) every link's sketch of one day, then marks the day built. */
export async function buildDay(db: Queryable, day: string): Promise<number> {
  // Instants, not dates: a date compared with a timestamptz would be midnight in the session's time zone.
  const window = [new Date(Date.parse(day)).toISOString(), new Date(Date.parse(day) + DAY).toISOString()];
  const counts = await db.query<{ link_id: number; workspace_id: string; n: number }>(
    `SELECT c.link_id, l.workspace_id, count(*)::int AS n FROM clicks c JOIN links l ON l.id = c.link_id
     WHERE NOT c.bot AND c.clicked_at >= $1::timestamptz AND c.clicked_at < $2::timestamptz GROUP BY 1, 2`,
    window,
  );
  const kept = new Map(
    (await db.query<{ link_id: number; clicks: number }>(`SELECT link_id, clicks FROM visitor_sketches WHERE day = $1::date`, [day])).map((r) => [
      Number(r.link_id),
      r.clicks,
    ]),
  );
  const stale = counts.filter((c) => kept.get(Number(c.link_id)) !== c.n);
  const counted = new Set(counts.map((c) => Number(c.link_id)));
  const gone = [...kept.keys()].filter((id) => !counted.has(id));
  if (gone.length > 0) await db.query(`DELETE FROM visitor_sketches WHERE day = $1::date AND link_id = ANY($2::bigint[])`, [day, gone]);
  for (let i = 0; i < stale.length; i += CHUNK) await writeSketches(db, day, window, stale.slice(i, i + CHUNK));
  await db.query(`INSERT INTO visitor_sketch_days (day) VALUES ($1::date) ON CONFLICT (day) DO UPDATE SET built_at = now()`, [day]);
  return stale.length;
}

async function writeSketches(db: Queryable, day: string, window: string[], links: Array<{ link_id: number; workspace_id: string; n: number }>) {
  const ids = links.map((l) => Number(l.link_id));
  const rows = await db.query<{ link_id: number; reg: number; rho: number }>(
    registersSql(`link_id = ANY($3::bigint[]) AND NOT bot AND clicked_at >= $1::timestamptz AND clicked_at < $2::timestamptz`, { perLink: true }),
    [...window, ids],
  );
  const registers = new Map(ids.map((id) => [id, emptyRegisters()]));
  for (const r of rows) addRegisters(registers.get(Number(r.link_id))!, [r]);
  const params: unknown[] = [day];
  const values = links.map((l) => {
    const at = params.push(Number(l.link_id), l.workspace_id, l.n, encodeSketch(registers.get(Number(l.link_id))!));
    return `($${at - 3}::bigint, $${at - 2}, $1::date, $${at - 1}::int, $${at}::bytea)`;
  });
  await db.query(
    `INSERT INTO visitor_sketches (link_id, workspace_id, day, clicks, sketch) VALUES ${values.join(', ')}
     ON CONFLICT (link_id, day) DO UPDATE SET workspace_id = excluded.workspace_id, clicks = excluded.clicks, sketch = excluded.sketch`,
    params,
  );
}

async function oldestClickDay(db: Queryable): Promise<number | null> {
  const [row] = await db.query<{ day: string | null }>(`SELECT (min(clicked_at) AT TIME ZONE 'UTC')::date::text AS day FROM clicks WHERE NOT bot`);
  return row?.day ? Date.parse(row.day) : null;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
