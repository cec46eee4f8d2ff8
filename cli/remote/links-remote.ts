// `sling links create|list|get|update|delete|stats` as the logged-in token, through the REST API.
// A link is named by its id or its short code (looked up with ?q= and matched exactly).
import { SlingError, type components } from '@sling/sdk';
import { print } from '../cli-io';
import { UsageError } from '../usage-error';
import { domainIdOf } from './domains-remote';
import { cut, printFields, printTable, when } from './print-table';
import { emit, type RemoteContext } from './remote-context';
import { statsQuery } from './stats-query';

type Link = components['schemas']['Link'];
type Stats = components['schemas']['Stats'];

const USAGE = `Usage: sling links create --url URL [--alias A] [--domain HOST] [--tags a,b] [--expires ISO-8601]
       sling links list [--search Q] [--limit N] [--all]
       sling links get|delete <id|code>
       sling links update <id|code> [--url URL] [--alias A] [--tags a,b|none] [--expires ISO-8601|none]
       sling links stats <id|code> [--range 24h|7d|30d|12w] [--from D] [--to D] [--interval hour|day|week]`;

export async function runRemoteLinks(action: string | undefined, ctx: RemoteContext): Promise<void> {
  switch (action) {
    case 'create':
      return create(ctx);
    case 'list':
      return list(ctx);
    case 'get':
      return emit(ctx, await ctx.sling.getLink({ params: { id: await linkIdOf(ctx) } }), showLink);
    case 'update':
      return update(ctx);
    case 'delete': {
      const id = await linkIdOf(ctx);
      await ctx.sling.deleteLink({ params: { id } });
      return emit(ctx, { id, deleted: true }, () => print(`Deleted link ${id}.`));
    }
    case 'stats':
      return emit(ctx, await ctx.sling.linkStats({ params: { id: await linkIdOf(ctx) }, query: statsQuery(ctx.values) }), showStats);
    default:
      throw new UsageError(USAGE);
  }
}

async function create(ctx: RemoteContext): Promise<void> {
  const v = ctx.values;
  if (!v.url) throw new UsageError(USAGE);
  const link = await ctx.sling.createLink({
    body: {
      url: v.url,
      alias: v.alias,
      domain_id: v.domain === undefined ? undefined : await domainIdOf(ctx, v.domain),
      tags: v.tags === undefined ? undefined : splitList(v.tags),
      expiration: v.expires,
    },
  });
  emit(ctx, link, showLink);
}

async function update(ctx: RemoteContext): Promise<void> {
  const v = ctx.values;
  const id = await linkIdOf(ctx);
  const body = {
    url: v.url,
    alias: v.alias,
    tags: v.tags === undefined ? undefined : v.tags === 'none' ? null : splitList(v.tags),
    expiration: v.expires === 'none' ? null : v.expires,
  };
  if (Object.values(body).every((x) => x === undefined)) throw new UsageError(`Nothing to change.\n${USAGE}`);
  emit(ctx, await ctx.sling.updateLink({ params: { id }, body }), showLink);
}

async function list(ctx: RemoteContext): Promise<void> {
  const v = ctx.values;
  const limit = v.limit === undefined ? undefined : Number(v.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new UsageError('--limit must be a positive whole number');
  const query = { q: v.search, limit: v.all ? 100 : limit };
  let page: { links: Link[]; total: number };
  if (v.all) {
    const links: Link[] = [];
    for await (const link of ctx.sling.paginate('listLinks', { query })) links.push(link);
    page = { links, total: links.length };
  } else {
    page = await ctx.sling.listLinks({ query });
  }
  emit(ctx, page, ({ links, total }) => {
    printTable(
      ['ID', 'SHORT URL', 'DESTINATION', 'CLICKS', 'STATUS', 'CREATED'],
      links.map((l) => [l.id, l.short_url, cut(l.long_url, 60), l.clicks, l.status, when(l.created_at)]),
      'No links.',
    );
    if (links.length < total) print(`\n${links.length} of ${total} links; --limit N or --all for more.`);
  });
}

function showLink(link: Link): void {
  printFields([
    ['ID', link.id],
    ['Short URL', link.short_url],
    ['Destination', link.long_url],
    ['Domain', link.domain.hostname],
    ['Status', link.status],
    ['Clicks', link.clicks],
    ['Tags', link.tags.join(', ')],
    ['Expires', when(link.expiration)],
    ['Created', when(link.created_at)],
  ]);
}

function showStats(stats: Stats): void {
  const points = stats.timeseries.points;
  printFields([
    ['Link', stats.short_code],
    ['Range', `${when(points[0]?.t)} to ${when(points.at(-1)?.t)} (${stats.timeseries.interval}s, ${stats.timeseries.tz})`],
    ['Clicks', stats.clicks],
    ['Unique visitors', stats.unique_visitors],
  ]);
  for (const [title, rows] of [
    ['COUNTRY', stats.countries],
    ['REFERRER', stats.referrers],
    ['DEVICE', stats.devices],
    ['BROWSER', stats.browsers],
  ] as const) {
    if (rows.length === 0) continue;
    print('');
    printTable(
      [title, 'CLICKS'],
      rows.slice(0, 5).map((r) => [r.value, r.clicks]),
    );
  }
}

/** The link's id from `<id|code>` (or --id): digits are an id, anything else a short code. */
async function linkIdOf(ctx: RemoteContext): Promise<string> {
  const given = ctx.args[0] ?? ctx.values.id;
  if (!given) throw new UsageError(USAGE);
  if (/^\d+$/.test(given)) return given;
  const { links } = await ctx.sling.listLinks({ query: { q: given, limit: 100 } });
  const found = links.filter((l) => l.short_code.toLowerCase() === given.toLowerCase());
  if (found.length === 1) return String(found[0].id);
  if (found.length > 1)
    throw new UsageError(`"${given}" is a code on several domains (${found.map((l) => `${l.domain.hostname}: id ${l.id}`).join(', ')}); give the id.`);
  throw new SlingError({ status: 404, code: 'not_found', message: `No link with the code "${given}" in this workspace.` });
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
