// POST /api/v1/mcp — the MCP server over streamable HTTP, stateless (a server per request). Its
// tools call the API through this process's router with the caller's own Authorization and address,
// so each call is authenticated, scoped, validated and counted as a request of its own would be.
import { createMcpHandler } from '@modelcontextprotocol/server';
import { SDK_VERSION, Sling } from '@sling/sdk';
import { CLIENT_IP_HEADER } from '../../core/client-ip-header';
import { operationHandler } from '../../http/operation';
import type { WorkspaceRequest } from '../../http/with-workspace';
import { createMcpServer } from '../../mcp/create-mcp-server';
import { mcp } from '../../openapi/operations/mcp';
import { apiRouter } from '../api-router';

const handler = createMcpHandler(({ requestInfo }) => {
  if (!requestInfo) throw new Error('mcp-route: the MCP handler was called without the request');
  return createMcpServer(new Sling({ baseUrl: new URL(requestInfo.url).origin, fetch: inProcessFetch(requestInfo), maxRetries: 0 }), SDK_VERSION);
});

export const mcpRoute = operationHandler(mcp, async ({ req }: WorkspaceRequest<object>, { body }) => handler.fetch(req, { parsedBody: body }));

/** A fetch answered by the router, as the caller: its Authorization and its address (set by server.ts). */
function inProcessFetch(caller: Request): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const headers = new Headers(req.headers);
    for (const name of ['authorization', CLIENT_IP_HEADER]) {
      const value = caller.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    // A request off a socket states its length, and the API reads a body by it (read-json-body.ts).
    const body = req.body === null ? undefined : new Uint8Array(await req.arrayBuffer());
    if (body) headers.set('content-length', String(body.byteLength));
    return (await apiRouter()).request(new Request(req.url, { method: req.method, headers, body }));
  };
}
