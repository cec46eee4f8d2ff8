// Builds the workspace sketches of unique visitors (db/schema/visitor-sketches.ts): each workspace's
// per finished UTC hour, and per UTC day once its 24 hours are over, from the raw clicks, as the
// per-link day sketches are (build-visitor-sketches.ts; the same hashes, so they merge with them and
// with raw registers). A run builds every finished hour after the last one built, and the last
// `recheckHours` again, where a workspace's count of clicks changed (late clicks); the first run
// backfills from the oldest click. Statistics skip a sketch whose count no longer matches the
// rollups (unique-visitors.ts), so one left stale costs time, never a wrong number.
import type { Queryable } from '../db/types';
import { addRegisters, emptyRegisters, encodeSketch, mergeSketch, registersSql } from './hyperloglog';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface BuildWorkspaceSketchesOptions {
  now?: Date;
  /** Hours already built that are looked at again for late clicks (default 3). */
  recheckHours?: number;
  /** How long after its end an hour counts as over: click buffers flush within seconds (default 10 minutes). */
  settleMs?: number;
}

export async function buildWorkspaceSketches(db: Queryable, opts: BuildWorkspaceSketchesOptions = {}): Promise<{ hours: number; sketches: number }> {
  const now = (opts.now ?? new Date()).getTime();
  const end = Math.floor((now - (opts.settleMs ?? 600_000)) / HOUR) * HOUR; // exclusive
  const [last] = await db.query<{ start: Date | null }>(`SELECT max(start) AS start FROM workspace_visitor_sketches WHERE hours = 1`);
  let from: number;
  if (last?.start) from = new Date(last.start).getTime() + HOUR - (opts.recheckHours ?? 3) * HOUR;
  else {
    const [oldest] = await db.query<{ at: Date | null }>(`SELECT min(clicked_at) AS at FROM clicks WHERE NOT bot`);
    if (!oldest?.at) return { hours: 0, sketches: 0 };
    from = Math.floor(new Date(oldest.at).getTime() / HOUR) * HOUR;
  }
  let sketches = 0;
  // A day at a time: one read of its raw clicks, then the day's sketch if its hours are all over.
  for (let day = Math.floor(from / DAY) * DAY; day < end; day += DAY) {
    sketches += await buildHours(db, Math.max(from, day), Math.min(end, day + DAY));
    if (day + DAY <= end && day + DAY > from) sketches += await buildDay(db, day);
  }
  return { hours: Math.max(0, (end - from) / HOUR), sketches };
}

/** Every workspace's sketches of the hours in [from, to), where missing or of another count. */
async function buildHours(db: Queryable, from: number, to: number): Promise<number> {
  if (from >= to) return 0;
  const window = [new Date(from).toISOString(), new Date(to).toISOString()];
  const counts = await db.query<{ workspace_id: string; hour: Date; n: number }>(
    `SELECT l.workspace_id, date_trunc('hour', c.clicked_at, 'UTC') AS hour, count(*)::int AS n FROM clicks c JOIN links l ON l.id = c.link_id
     WHERE NOT c.bot AND c.clicked_at >= $1::timestamptz AND c.clicked_at < $2::timestamptz GROUP BY 1, 2`,
    window,
  );
  const kept = new Map(
    (
      await db.query<{ workspace_id: string; start: Date; clicks: number }>(
        `SELECT workspace_id, start, clicks FROM workspace_visitor_sketches WHERE hours = 1 AND start >= $1::timestamptz AND start < $2::timestamptz`,
        window,
      )
    ).map((r) => [`${r.workspace_id} ${new Date(r.start).getTime()}`, r.clicks]),
  );
  const stale = counts.filter((c) => kept.get(`${c.workspace_id} ${new Date(c.hour).getTime()}`) !== c.n);
  if (stale.length === 0) return 0;
  const rows = await db.query<{ workspace_id: string; hour: Date; reg: number; rho: number }>(
    `SELECT l.workspace_id, r.hour, r.reg, max(r.rho)::int AS rho
     FROM (${registersSql(`NOT bot AND clicked_at >= $1::timestamptz AND clicked_at < $2::timestamptz`, { perLink: true, perHour: true })}) r
     JOIN links l ON l.id = r.link_id GROUP BY 1, 2, 3`,
    window,
  );
  const registers = new Map(stale.map((c) => [`${c.workspace_id} ${new Date(c.hour).getTime()}`, emptyRegisters()]));
  for (const r of rows) {
    const regs = registers.get(`${r.workspace_id} ${new Date(r.hour).getTime()}`);
    if (regs) addRegisters(regs, [r]);
  }
  await upsert(
    db,
    1,
    stale.map((c) => ({
      workspaceId: c.workspace_id,
      start: new Date(c.hour),
      clicks: c.n,
      registers: registers.get(`${c.workspace_id} ${new Date(c.hour).getTime()}`)!,
    })),
  );
  return stale.length;
}

/** Every workspace's sketch of one UTC day, merged from its hours' (built just before). */
async function buildDay(db: Queryable, day: number): Promise<number> {
  const window = [new Date(day).toISOString(), new Date(day + DAY).toISOString()];
  const hours = await db.query<{ workspace_id: string; clicks: number; sketch: Uint8Array }>(
    `SELECT workspace_id, clicks, sketch FROM workspace_visitor_sketches WHERE hours = 1 AND start >= $1::timestamptz AND start < $2::timestamptz`,
    window,
  );
  const days = new Map<string, { clicks: number; registers: Uint8Array }>();
  for (const h of hours) {
    let d = days.get(h.workspace_id);
    if (!d) days.set(h.workspace_id, (d = { clicks: 0, registers: emptyRegisters() }));
    d.clicks += h.clicks;
    mergeSketch(d.registers, h.sketch);
  }
  await upsert(
    db,
    24,
    [...days].map(([workspaceId, d]) => ({ workspaceId, start: new Date(day), ...d })),
  );
  return days.size;
}

async function upsert(db: Queryable, hours: number, sketches: Array<{ workspaceId: string; start: Date; clicks: number; registers: Uint8Array }>) {
  for (let i = 0; i < sketches.length; i += 200) {
    const params: unknown[] = [hours];
    const values = sketches.slice(i, i + 200).map((s) => {
      const at = params.push(s.workspaceId, s.start.toISOString(), s.clicks, encodeSketch(s.registers));
      return `($${at - 3}, $${at - 2}::timestamptz, $1::smallint, $${at - 1}::int, $${at}::bytea)`;
    });
    await db.query(
      `INSERT INTO workspace_visitor_sketches (workspace_id, start, hours, clicks, sketch) VALUES ${values.join(', ')}
       ON CONFLICT (workspace_id, hours, start) DO UPDATE SET clicks = excluded.clicks, sketch = excluded.sketch`,
      params,
    );
  }
}
