// Sling as an MCP server: tools that map to REST v1 operations, each called through the Sling
// client it is given (over the network for `sling mcp`, in process for /api/v1/mcp), so the API's
// scopes, roles, validation and limits apply as they do to any client (docs/api/clients.md).
import { McpServer } from '@modelcontextprotocol/server';
import type { Sling } from '@sling/sdk';
import { registerLinkTools } from './link-tools';
import { registerWorkspaceTools } from './workspace-tools';

export const MCP_INSTRUCTIONS =
  'Sling is a link shortener. Link tools take a link id (from create_link or find_links). Statistics need the analytics:read scope; a tool the token may not use answers an error naming the code (forbidden).';

/** A new MCP server over `sling` (one per HTTP request, or one per stdio connection). */
export function createMcpServer(sling: Sling, version: string): McpServer {
  const server = new McpServer({ name: 'sling', version }, { instructions: MCP_INSTRUCTIONS });
  registerLinkTools(server, sling);
  registerWorkspaceTools(server, sling);
  return server;
}
