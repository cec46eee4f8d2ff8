// Sling's MCP server through the MCP SDK's own client, against a running Sling (the built server and
// CLI, as a user runs them), over streamable HTTP (/api/v1/mcp) and stdio (`sling mcp`): the tools,
// the API's answers and refusals handed on as tool results, and the bearer token the endpoint needs.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Sling } from '@sling/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../../helpers/accounts';
import { writeCredentials } from '../../../cli/remote/credentials';
import { suiteDatabase, tempDir, type TestDatabase } from '../../helpers/databases';
import { seedToken } from '../../helpers/seed-in-process';
import { runSling, startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TOOLS = [
  'create_link',
  'domain_status',
  'find_links',
  'get_link',
  'link_stats',
  'list_domains',
  'list_tags',
  'qr_code',
  'update_link',
  'workspace_stats',
];

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string; data?: string; mimeType?: string }> };

/** A tool's call; its text parsed as JSON (the tools answer the API's JSON). */
async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as ToolResult;
  const text = result.content[0]?.text ?? '';
  return { result, text, json: () => JSON.parse(text) };
}

async function httpClient(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'sling-test', version: '1' });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL('/api/v1/mcp', url), { requestInit: { headers } }));
  return client;
}

describe(`the MCP server against a running Sling (${suiteDatabase.name})`, () => {
  let tdb: TestDatabase;
  let server: SlingProcess;
  let token: string;
  let readToken: string;
  let client: Client;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    // Business: custom domains, and a budget the suite's calls stay under.
    token = await createUserWithToken(tdb.env, 'mcp@example.com', 'business');
    readToken = await seedToken(tdb.env, 'mcp@example.com', { name: 'read only', scopes: ['links:read'] });
    server = await startSling(tdb.env);
    client = await httpClient(server.url, token);
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
    await tdb?.drop();
  });

  test('POST /api/v1/mcp lists the tools, each with a description and an object input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  test('create_link, then find_links finds it, get_link and update_link, and link_stats counts its click', async () => {
    const created = await call(client, 'create_link', { url: 'https://example.com/mcp', alias: 'mcp-launch', tags: ['mcp'] });
    expect(created.result.isError).toBeFalsy();
    const link = created.json();
    expect(link).toMatchObject({ short_code: 'mcp-launch', long_url: 'https://example.com/mcp', tags: ['mcp'], short_url: `${server.url}/mcp-launch` });

    const found = (await call(client, 'find_links', { q: 'mcp-launch' })).json();
    expect(found.links.map((l: { id: number }) => l.id)).toEqual([link.id]);
    expect((await call(client, 'get_link', { id: link.id })).json()).toMatchObject({ id: link.id, short_code: 'mcp-launch' });
    const updated = (await call(client, 'update_link', { id: link.id, url: 'https://example.com/mcp-2' })).json();
    expect(updated.long_url).toBe('https://example.com/mcp-2');

    const visit = await fetch(link.short_url, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' } });
    expect(visit.headers.get('location')).toBe('https://example.com/mcp-2');
    const stats = await until('the click in the link’s statistics', async () => {
      const s = (await call(client, 'link_stats', { id: link.id })).json();
      return s.clicks >= 1 && s;
    });
    expect(stats.clicks).toBe(1);
    const workspace = (await call(client, 'workspace_stats', { link_id: link.id })).json();
    expect(workspace.clicks).toBe(1);
  });

  test('qr_code answers SVG as text and PNG as an image', async () => {
    const link = (await call(client, 'create_link', { url: 'https://example.com/mcp-qr' })).json();
    const svg = await call(client, 'qr_code', { id: link.id, format: 'svg' });
    expect(svg.text).toMatch(/^<svg|^<\?xml/);
    const png = await call(client, 'qr_code', { id: link.id, format: 'png' });
    expect(png.result.content[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(
      Buffer.from(png.result.content[0].data ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  test('list_domains and domain_status show a domain and its status; list_tags the tags in use', async () => {
    const added = await new Sling({ baseUrl: server.url, token }).addDomain({ body: { hostname: 'go.mcp-example.com' } });
    const domains = (await call(client, 'list_domains')).json().domains as Array<{ hostname: string; shared: boolean }>;
    expect(domains.map((d) => d.hostname)).toContain('go.mcp-example.com');
    expect(domains.some((d) => d.shared)).toBe(true);
    const status = (await call(client, 'domain_status', { id: added.domain.id })).json();
    expect(status.domain).toMatchObject({ hostname: 'go.mcp-example.com', status: 'pending' });

    await call(client, 'create_link', { url: 'https://example.com/tagged', tags: ['mcp-tag'] });
    const tags = (await call(client, 'list_tags')).json().tags as Array<{ name: string }>;
    expect(tags.map((t) => t.name)).toContain('mcp-tag');
  });

  test('a links:read token finds links but cannot create one: a tool error naming forbidden, and nothing made', async () => {
    const reader = await httpClient(server.url, readToken);
    try {
      const before = (await call(reader, 'find_links')).json().total;
      const refused = await call(reader, 'create_link', { url: 'https://example.com/not-allowed' });
      expect(refused.result.isError).toBe(true);
      expect(refused.text).toMatch(/^forbidden \(HTTP 403\)/);
      expect((await call(reader, 'find_links')).json().total).toBe(before);
      expect((await call(client, 'find_links', { q: 'not-allowed' })).json().total).toBe(0);
    } finally {
      await reader.close();
    }
  });

  test('an invalid argument is the API’s invalid_request, naming the field', async () => {
    const bad = await call(client, 'create_link', { url: 'not a url' });
    expect(bad.result.isError).toBe(true);
    expect(bad.text).toMatch(/^invalid_request \(HTTP 400\)/);
    expect(bad.text).toMatch(/"url"/);
  });

  test('without a token, or with a wrong one, /api/v1/mcp answers 401 in Sling’s error shape', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    for (const authorization of [undefined, 'Bearer sl_not-a-token']) {
      const res = await fetch(`${server.url}/api/v1/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(initialize),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
    await expect(httpClient(server.url)).rejects.toThrow();
  });

  test('sling mcp serves the same tools on stdio, with SLING_URL and SLING_TOKEN', async () => {
    const stdio = new Client({ name: 'sling-test', version: '1' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['bin/sling.mjs', 'mcp'],
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', SLING_URL: server.url, SLING_TOKEN: token },
      stderr: 'pipe',
    });
    await stdio.connect(transport);
    try {
      expect((await stdio.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);
      const link = (await call(stdio, 'create_link', { url: 'https://example.com/stdio', alias: 'mcp-stdio' })).json();
      expect(link).toMatchObject({ short_code: 'mcp-stdio', short_url: `${server.url}/mcp-stdio` });
      expect((await call(client, 'find_links', { q: 'mcp-stdio' })).json().links[0].id).toBe(link.id);
    } finally {
      await stdio.close();
    }
  });

  test('sling mcp uses the login `sling login` stored when nothing else names an instance', async () => {
    const config = tempDir('sling-mcp-login-');
    writeCredentials({ url: server.url, token }, { XDG_CONFIG_HOME: config });
    const stdio = new Client({ name: 'sling-test', version: '1' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['bin/sling.mjs', 'mcp'],
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', XDG_CONFIG_HOME: config },
      stderr: 'pipe',
    });
    await stdio.connect(transport);
    try {
      expect((await call(stdio, 'find_links', { q: 'mcp-stdio' })).json().links.map((l: { short_code: string }) => l.short_code)).toEqual(['mcp-stdio']);
    } finally {
      await stdio.close();
      rmSync(config, { recursive: true, force: true });
    }
  });

  test('sling mcp without an instance to talk to is a usage error on stderr; stdout stays empty', async () => {
    const run = await runSling(['mcp'], {});
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/--url URL --token TOKEN, SLING_URL and SLING_TOKEN, or `sling login` first/);
  });
});
