// The workspace tools: its statistics, its domains and their status, its tags.
import type { McpServer } from '@modelcontextprotocol/server';
import type { Sling } from '@sling/sdk';
import { z } from 'zod';
import { callOperation } from './call-operation';

export function registerWorkspaceTools(server: McpServer, sling: Sling): void {
  server.registerTool(
    'workspace_stats',
    {
      title: 'The workspace’s statistics',
      description:
        'Clicks of all the workspace’s links over a period (or of one, with link_id): totals, a time series, top countries, devices, browsers and referrers. Needs analytics:read.',
      annotations: { readOnlyHint: true },
      inputSchema: z.object({
        link_id: z.number().int().positive().optional().describe('Only this link.'),
        interval: z.enum(['hour', 'day', 'week']).optional(),
        from: z.string().optional().describe('Start, ISO 8601 (default: 30 days ago).'),
        to: z.string().optional().describe('End, ISO 8601 (default: now).'),
        tz: z.string().optional().describe('IANA time zone (default UTC).'),
      }),
    },
    async (args) => callOperation(sling, 'workspaceStats', { query: args }),
  );

  server.registerTool(
    'list_domains',
    {
      title: 'List domains',
      description:
        'The domains links can use: the shared one and the workspace’s own, each with its status (pending, verified, misconfigured, expired) and the DNS records it needs. Needs domains:read.',
      annotations: { readOnlyHint: true },
      inputSchema: z.object({}),
    },
    async () => callOperation(sling, 'listDomains'),
  );

  server.registerTool(
    'domain_status',
    {
      title: 'A domain’s status',
      description: 'One domain by its id: its status and why, the DNS records to set, its link count and its TLS certificate. Needs domains:read.',
      annotations: { readOnlyHint: true },
      inputSchema: z.object({ id: z.number().int().positive().describe('The domain id (see list_domains).') }),
    },
    async ({ id }) => callOperation(sling, 'getDomain', { params: { id } }),
  );

  server.registerTool(
    'list_tags',
    {
      title: 'List tags',
      description: 'The tags used in the workspace, most used first, with how many links carry each. Needs links:read.',
      annotations: { readOnlyHint: true },
      inputSchema: z.object({}),
    },
    async () => callOperation(sling, 'listTags'),
  );
}
