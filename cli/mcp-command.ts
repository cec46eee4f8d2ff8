// `sling mcp`: Sling's MCP server on stdio, for an assistant that starts it (docs/api/clients.md). Its
// tools call a Sling instance's REST API with a token: --url/--token, else SLING_URL/SLING_TOKEN,
// else the login `sling login` stored.
// stdout carries the protocol, so nothing else is printed there; stderr takes the rest.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { SDK_VERSION, Sling } from '@sling/sdk';
import { createMcpServer } from '../lib/mcp/create-mcp-server';
import { readCredentials } from './remote/credentials';
import { UsageError } from './usage-error';

export interface McpCommandOptions {
  url?: string;
  token?: string;
}

/** Serves MCP on this process's stdin and stdout until the client closes stdin. */
export async function runMcpCommand(opts: McpCommandOptions, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const stored = opts.url && opts.token ? undefined : readCredentials(env);
  const baseUrl = opts.url ?? env.SLING_URL ?? stored?.url;
  const token = opts.token ?? env.SLING_TOKEN ?? stored?.token;
  if (!baseUrl || !token)
    throw new UsageError('sling mcp needs a Sling instance and an API token: --url URL --token TOKEN, SLING_URL and SLING_TOKEN, or `sling login` first.');
  if (!/^https?:\/\//.test(baseUrl)) throw new UsageError(`--url must be an http:// or https:// address (got "${baseUrl}").`);
  const sling = new Sling({ baseUrl, token });
  const closed = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  const server = serveStdio(() => createMcpServer(sling, SDK_VERSION), { onerror: (err) => console.error(`sling mcp: ${err.message}`) });
  await closed;
  await server.close();
}
