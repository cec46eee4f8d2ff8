// Statistics and click-export queries: the range (interval, from, to, tz), the dimension filters
// (a parameter given twice matches either value), ?compare=previous, and the workspace-wide
// narrowing by link and member. Answers: the statistics body shared by links, workspaces and Variant A.
import { z } from 'zod';
import { EXPORT_FORMATS } from './export-clicks';
import { FILTER_NAMES, PUBLIC_FILTER_NAMES, statsFiltersOf, type FilterName } from './stats-filters';
import { INTERVALS, statsRangeOf } from './stats-range';
import { zQueryDate } from '../schemas/common';
import { asIssues } from '../schemas/parse-input';

const filterValue = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .meta({ description: 'Repeat the parameter to match any of several values.' });
const utmValue = (name: string) =>
  filterValue.meta({
    description: `Only the clicks of links whose destination carries this ${name} (decoded, as the breakdown shows it; "(none)": links without one). Repeat the parameter to match any of several values.`,
    examples: [name === 'utm_source' ? 'newsletter' : name === 'utm_medium' ? 'email' : 'spring-sale'],
  });
const filterFields = Object.fromEntries(FILTER_NAMES.map((n) => [n, n.startsWith('utm_') ? utmValue(n) : filterValue])) as Record<
  FilterName,
  typeof filterValue
>;
/** The public stats page's: no UTM filter (stats-filters.ts). */
const publicFilterFields = Object.fromEntries(PUBLIC_FILTER_NAMES.map((n) => [n, filterValue])) as Record<
  (typeof PUBLIC_FILTER_NAMES)[number],
  typeof filterValue
>;

const rangeFields = {
  interval: z.enum(INTERVALS, { error: 'The interval must be hour, day or week.' }).optional(),
  // An empty ?from= or ?to= is the default, as the dashboard's range picker leaves them.
  from: zQueryDate('from'),
  to: zQueryDate('to'),
  tz: z.string().optional().meta({ description: 'An IANA time zone (default UTC).', example: 'Europe/Paris' }),
};

const compare = z.enum(['previous'], { error: 'compare must be "previous" (the period of the same length just before).' }).optional();

/** The range only (Variant A's stats action). */
export const ZStatsRangeQuery = z.object(rangeFields);
export const statsRange = (q: z.output<typeof ZStatsRangeQuery>, ctx: z.RefinementCtx) => asIssues(ctx, () => statsRangeOf(q));

/** GET /api/v1/links/{id}/stats */
export const ZLinkStatsQuery = z.object({ ...rangeFields, compare, ...filterFields }).transform((q, ctx) => ({
  range: statsRange(q, ctx),
  filters: asIssues(ctx, () => statsFiltersOf(q)),
  compare: q.compare === 'previous',
}));

/** GET /api/v1/public/stats/{code}: a link's query, plus the link's domain when it is not the shared default. */
export const ZPublicStatsQuery = z
  .object({
    ...rangeFields,
    compare,
    ...publicFilterFields,
    domain: z.coerce
      .number({ error: 'domain must be a domain id.' })
      .int({ error: 'domain must be a domain id.' })
      .positive({ error: 'domain must be a domain id.' })
      .optional()
      .meta({ description: 'The link’s domain id, for a link on a custom domain (the page’s address carries it).' }),
  })
  .transform((q, ctx) => ({
    range: statsRange(q, ctx),
    filters: asIssues(ctx, () => statsFiltersOf(q)),
    compare: q.compare === 'previous',
    domain: q.domain,
  }));

const createdBy = z
  .string()
  .regex(/^[\w-]{0,100}$/, { error: "created_by must be a member's user id." })
  .optional()
  .transform((v) => v || undefined);
const linkId = z
  .string()
  .optional()
  .transform((v) => v || undefined)
  .meta({ description: 'Only this link of the workspace.' });

/** GET /api/v1/analytics */
export const ZWorkspaceStatsQuery = z.object({ ...rangeFields, compare, ...filterFields, link_id: linkId, created_by: createdBy }).transform((q, ctx) => ({
  range: statsRange(q, ctx),
  filters: asIssues(ctx, () => statsFiltersOf(q)),
  compare: q.compare === 'previous',
  linkId: q.link_id,
  createdBy: q.created_by,
}));

const exportRange = { from: rangeFields.from, to: rangeFields.to };
const exportFields = { format: z.enum(EXPORT_FORMATS, { error: 'The format must be csv or json.' }).optional(), ...exportRange, ...filterFields };

/** GET /api/v1/links/{id}/clicks/export */
export const ZLinkExportQuery = z.object(exportFields).transform((q, ctx) => ({
  format: q.format ?? 'csv',
  range: asIssues(ctx, () => statsRangeOf({ interval: 'week', from: q.from, to: q.to })),
  filters: asIssues(ctx, () => statsFiltersOf(q)),
}));

/** GET /api/v1/analytics/export */
export const ZWorkspaceExportQuery = z.object({ ...exportFields, link_id: linkId, created_by: createdBy }).transform((q, ctx) => ({
  format: q.format ?? 'csv',
  range: asIssues(ctx, () => statsRangeOf({ interval: 'week', from: q.from, to: q.to })),
  filters: asIssues(ctx, () => statsFiltersOf(q)),
  linkId: q.link_id,
  createdBy: q.created_by,
}));

/** Clicks by one dimension's values, most first; `example` is such a value. */
const breakdown = (example: string) => z.array(z.object({ value: z.string().meta({ examples: [example] }), clicks: z.number() }).loose());
const utmBreakdown = (name: string, example: string) =>
  breakdown(example)
    .optional()
    .meta({
      description: `Clicks by the ${name} of the clicked link’s destination (its long URL’s query, decoded); "(none)" for links without one. The link’s current destination counts for all its clicks. Not on public stats pages.`,
    });
const previous = z.object({
  from: z.string().meta({ examples: ['2026-02-23T00:00:00.000Z'] }),
  to: z.string().meta({ examples: ['2026-03-02T00:00:00.000Z'] }),
  clicks: z.number().meta({ examples: [1120] }),
  unique_visitors: z.number().meta({ examples: [812] }),
});

/** The statistics body (a link's has short_code; a workspace's has links and workspace). */
export const ZStats = z
  .object({
    clicks: z.number(),
    unique_visitors: z.number(),
    bots: z
      .number()
      .optional()
      .meta({
        description:
          'Visits by bots, link-preview fetchers (Slackbot, Twitterbot, facebookexternalhit…) and HEAD requests in the period: stored, not in `clicks` (unless their link counts bots, `bots_counted`). Not on public stats pages.',
        examples: [87],
      }),
    bots_counted: z
      .number()
      .optional()
      .meta({ description: 'Of `bots`, the visits counted in `clicks` and every breakdown because their link has `count_bots` on.', examples: [0] }),
    bot_agents: z
      .array(z.object({ name: z.string().meta({ examples: ['Slackbot'] }), visits: z.number().meta({ examples: [41] }) }))
      .optional()
      .meta({
        description:
          'The bots’ visits by agent, most first: Slackbot, Twitterbot, Facebook, LinkedInBot, Discordbot, TelegramBot, WhatsApp, Googlebot, bingbot, curl, python-requests…; "HEAD request" for a HEAD with a browser’s agent, "Unknown agent" when none was stored, "Other bots" (last) for the rest.',
      }),
    countries: breakdown('FR'),
    regions: breakdown('Île-de-France, FR'),
    cities: breakdown('Paris, Île-de-France, FR'),
    devices: breakdown('mobile'),
    browsers: breakdown('Chrome'),
    operating_systems: breakdown('Android'),
    referrers: breakdown('news.ycombinator.com'),
    triggers: breakdown('qr'),
    rules: breakdown('r_mobile').meta({ description: 'Clicks per routing rule id, for the clicks a rule sent on (the rest went to the link’s url).' }),
    utm_source: utmBreakdown('utm_source', 'newsletter'),
    utm_medium: utmBreakdown('utm_medium', 'email'),
    utm_campaign: utmBreakdown('utm_campaign', 'spring-sale'),
    timeseries: z.object({
      interval: z.enum(INTERVALS),
      tz: z.string().meta({ examples: ['Europe/Paris'] }),
      points: z.array(z.object({ t: z.string().meta({ examples: ['2026-03-01T23:00:00.000Z'] }), clicks: z.number().meta({ examples: [96] }) })),
    }),
    short_code: z.string().optional(),
    variants: z
      .array(
        z.object({
          value: z.string().meta({ examples: ['v_red'] }),
          url: z.string(),
          weight: z.number().int(),
          clicks: z.number(),
          unique_visitors: z.number(),
          conversions: z.number().meta({ description: 'Reported through POST /api/v1/links/{id}/conversions, over the whole test.' }),
        }),
      )
      .optional()
      .meta({ description: 'A link with an A/B test: per variant, in the test’s order.' }),
    links: z.array(z.object({ value: z.string().meta({ examples: ['4711'] }), short_code: z.string(), clicks: z.number() })).optional(),
    workspace: z.object({ id: z.string(), name: z.string().meta({ examples: ['Marketing'] }) }).optional(),
    previous: previous.optional(),
  })
  .meta({ id: 'Stats' });

/** The range of a query object alone (benchmarks, tests, Variant A). */
export const ZStatsRange = ZStatsRangeQuery.transform(statsRange);
/** The dimension filters of a query object alone. */
export const ZStatsFilters = z.object(filterFields).transform((q, ctx) => asIssues(ctx, () => statsFiltersOf(q)));
