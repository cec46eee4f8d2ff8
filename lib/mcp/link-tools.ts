// The link tools: create, change, find and read links, a link's statistics and its QR code.
import type { McpServer } from '@modelcontextprotocol/server';
import type { Sling } from '@sling/sdk';
import { z } from 'zod';
import { asToolResult, callOperation } from './call-operation';

const linkId = z.number().int().positive().describe('The link id (the "id" field of a link, not its short code).');
const range = {
  interval: z.enum(['hour', 'day', 'week']).optional().describe('Bucket size of the time series (default: chosen from the range).'),
  from: z.string().optional().describe('Start, ISO 8601 date or time (default: 30 days ago).'),
  to: z.string().optional().describe('End, ISO 8601 date or time (default: now).'),
  tz: z.string().optional().describe('IANA time zone of the buckets, e.g. Europe/Paris (default UTC).'),
};
const changes = {
  url: z.string().describe('The destination, http:// or https://.'),
  alias: z.string().describe('The short code: 3 to 50 letters, digits, "-" and "_".'),
  tags: z.array(z.string()).describe('Tags for grouping and filtering links.'),
  expiration: z.string().describe('When the link stops redirecting, ISO 8601 (e.g. 2030-01-31T00:00:00Z).'),
  max_clicks: z.number().int().positive().describe('Past this many clicks the link behaves as expired.'),
  password: z.string().describe('Visitors must enter it first (4 to 128 characters).'),
  note: z.string().describe('Free text for the workspace.'),
};

export function registerLinkTools(server: McpServer, sling: Sling): void {
  server.registerTool(
    'create_link',
    {
      title: 'Create a short link',
      description: 'Create a short link to a URL. Answers the new link as JSON, with its short_url. Needs the links:write scope.',
      inputSchema: z.object({
        ...changes,
        alias: changes.alias.optional().describe(`${changes.alias.description} Random when left out.`),
        domain_id: z.number().int().positive().optional().describe('One of the workspace’s domains (see list_domains); its default domain when left out.'),
        tags: changes.tags.optional(),
        expiration: changes.expiration.optional(),
        max_clicks: changes.max_clicks.optional(),
        password: changes.password.optional(),
        note: changes.note.optional(),
      }),
    },
    async (args) => callOperation(sling, 'createLink', { body: args }),
  );

  server.registerTool(
    'update_link',
    {
      title: 'Change a link',
      description: 'Change a link: give its id and only the fields to change. Answers the changed link. Needs the links:write scope.',
      inputSchema: z.object({
        id: linkId,
        url: changes.url.optional(),
        alias: changes.alias.optional(),
        tags: changes.tags.optional().describe('The link’s tags (replaces the ones it has; [] removes them).'),
        expiration: changes.expiration.nullable().optional().describe(`${changes.expiration.description} null removes it.`),
        max_clicks: changes.max_clicks.nullable().optional(),
        archived: z.boolean().optional().describe('Archive the link (hidden from lists by default; it keeps redirecting), or restore it.'),
        note: changes.note.nullable().optional(),
      }),
    },
    async ({ id, ...rest }) => callOperation(sling, 'updateLink', { params: { id }, body: rest }),
  );

  server.registerTool(
    'find_links',
    {
      title: 'Find links',
      description:
        'Search the workspace’s links by text (in the short code, destination, tags and note), tag or status. Answers a page of links with the total count; use offset for the next page. Needs links:read.',
      annotations: { readOnlyHint: true },
      inputSchema: z.object({
        q: z.string().optional().describe('Text to search for.'),
        tag: z.string().optional().describe('Only links with this tag.'),
        status: z.enum(['active', 'scheduled', 'expired', 'disabled', 'pending_review', 'blocked', 'protected']).optional(),
        archived: z.enum(['exclude', 'include', 'only']).optional().describe('Archived links: left out (default), included, or only them.'),
        sort: z.enum(['created', 'clicks', 'code', 'destination']).optional().describe('Default: created.'),
        order: z.enum(['desc', 'asc']).optional(),
        limit: z.number().int().min(1).max(100).optional().describe('Links per page (default 50).'),
        offset: z.number().int().min(0).optional(),
      }),
    },
    async (args) => callOperation(sling, 'listLinks', { query: args }),
  );

  server.registerTool(
    'get_link',
    {
      title: 'Get a link',
      description: 'One link by its id, with all its settings and the old short codes that still lead to it. Needs links:read.',
      annotations: { readOnlyHint: true },
      inputSchema: z.object({ id: linkId }),
    },
    async ({ id }) => callOperation(sling, 'getLink', { params: { id } }),
  );

  server.registerTool(
    'link_stats',
    {
      title: 'A link’s statistics',
      description: 'Clicks of one link over a period: totals, a time series, and top countries, devices, browsers and referrers. Needs analytics:read.',
      annotations: { readOnlyHint: true },
      inputSchema: z.object({ id: linkId, ...range }),
    },
    async ({ id, ...query }) => callOperation(sling, 'linkStats', { params: { id }, query }),
  );

  server.registerTool(
    'qr_code',
    {
      title: 'A link’s QR code',
      description: 'The QR code of a link: SVG (answered as text) or PNG (answered as an image). Needs links:read.',
      annotations: { readOnlyHint: true },
      inputSchema: z.object({
        id: linkId,
        format: z.enum(['svg', 'png']).default('svg'),
        size: z.number().int().positive().optional().describe('Pixels for PNG, points for SVG (defaults suit printing).'),
      }),
    },
    async ({ id, format, size }) =>
      asToolResult(async () => {
        const image = (await sling.request('getLinkQr', { params: { id: String(id) }, query: { format, size } } as never)) as Blob;
        if (format === 'svg') return { content: [{ type: 'text', text: await image.text() }] };
        const data = Buffer.from(await image.arrayBuffer()).toString('base64');
        return { content: [{ type: 'image', data, mimeType: 'image/png' }] };
      }),
  );
}
