// Query strings and answers of /api/v1/domains/{id}/orphan-visits and its export (docs/guide/orphan-visits.md).
import { z } from 'zod';
import { ORPHAN_KINDS } from '../../db/schema/orphan-visits';
import { zQueryEnum, zQueryInt } from '../schemas/common';

const DAY_MS = 86_400_000;
/** The longest range asked at once. */
export const MAX_RANGE_DAYS = 3 * 366;

const day = (field: 'start' | 'end') =>
  z
    .string()
    .optional()
    .meta({
      description: `A UTC day, YYYY-MM-DD (default ${field === 'end' ? 'today' : '29 days before end: the last 30 days'}); the range includes both ends.`,
      examples: [field === 'end' ? '2027-01-31' : '2027-01-02'],
    });

const rangeFields = { start: day('start'), end: day('end') };

export interface DayRange {
  start: string;
  end: string;
}

/** The checks between start and end, with their defaults (the last 30 days up to `now`'s UTC day). */
function dayRange(q: { start?: string; end?: string }, ctx: z.RefinementCtx, now: number): DayRange {
  const end = q.end ? parseDay(q.end, 'end', ctx) : new Date(now).toISOString().slice(0, 10);
  const start = q.start ? parseDay(q.start, 'start', ctx) : new Date(Date.parse(end) - 29 * DAY_MS).toISOString().slice(0, 10);
  if (start > end) ctx.addIssue({ code: 'custom', path: ['start'], message: 'start must be on or before end.' });
  else if ((Date.parse(end) - Date.parse(start)) / DAY_MS >= MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['start'], message: `The range is at most ${MAX_RANGE_DAYS} days.` });
  return { start, end };
}

function parseDay(value: string, field: string, ctx: z.RefinementCtx): string {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value)
    ctx.addIssue({ code: 'custom', path: [field], message: `${field} must be a day such as 2027-01-31.` });
  return value;
}

/** GET /api/v1/domains/{id}/orphan-visits */
export const ZOrphanVisitsQuery = z
  .object({
    ...rangeFields,
    limit: zQueryInt('limit', 10, 1, 100),
    kind: zQueryEnum('kind', ORPHAN_KINDS).meta({ description: 'Only this kind in the top paths (the totals are always per kind).' }),
  })
  .transform((q, ctx) => ({ range: dayRange(q, ctx, Date.now()), limit: q.limit, kind: q.kind }));

/** GET /api/v1/domains/{id}/orphan-visits/export */
export const ZOrphanExportQuery = z
  .object({
    ...rangeFields,
    visits: z
      .enum(['0', '1', ''], { error: 'visits must be 1 (each kept visit) or 0 (the daily counts).' })
      .optional()
      .meta({ description: '1: each kept visit (when the workspace keeps them) instead of the daily counts.' }),
  })
  .transform((q, ctx) => ({ range: dayRange(q, ctx, Date.now()), visits: q.visits === '1' }));

const kind = z.enum(ORPHAN_KINDS).meta({ description: 'code: an unknown code; root: the domain’s root showing Sling’s page; path: any other unknown path.' });

export const ZOrphanVisits = z
  .object({
    domain: z.object({ id: z.number().int(), hostname: z.string() }),
    start: z.string().meta({ examples: ['2027-01-02'] }),
    end: z.string().meta({ examples: ['2027-01-31'] }),
    log_orphan_visits: z.boolean().meta({ description: 'The workspace keeps each orphan visit (the export’s ?visits=1).' }),
    totals: z.object({ code: z.number().int(), root: z.number().int(), path: z.number().int(), all: z.number().int() }),
    top: z
      .array(z.object({ kind, path: z.string().meta({ examples: ['spring-sale'] }), visits: z.number().int() }))
      .meta({ description: 'The most visited paths, most first ("(other)": past 1,000 distinct paths a day).' }),
  })
  .meta({ id: 'OrphanVisits' });
export type TOrphanVisits = z.infer<typeof ZOrphanVisits>;

/** PUT /api/v1/workspace/orphan-visits */
export const ZOrphanLogging = z.strictObject({
  log_orphan_visits: z
    .boolean({ error: 'must be true or false' })
    .meta({ description: 'Keep each orphan visit (path, time, referrer, user agent, country, device, browser; never the IP).' }),
});
