// The MCP server over streamable HTTP (docs/api/clients.md): JSON-RPC messages in, tools that call
// the REST v1 operations with the caller's token, so a tool needs the scope its operation needs.
import { z } from 'zod';
import { defineOperation } from '../../http/operation';

const ZJsonRpcMessage = z
  .looseObject({
    jsonrpc: z.literal('2.0', { error: 'A JSON-RPC 2.0 message is required ("jsonrpc": "2.0").' }),
    method: z.string().optional(),
    id: z.union([z.string(), z.number()]).optional(),
  })
  .meta({ description: 'One JSON-RPC 2.0 message of the Model Context Protocol (a request, a notification or a response).' });

export const mcp = defineOperation({
  id: 'mcp',
  method: 'POST',
  path: '/api/v1/mcp',
  tag: 'MCP',
  auth: ['bearer'],
  summary: 'The MCP server (streamable HTTP, stateless): tools for links, statistics, QR codes, domains and tags',
  body: ZJsonRpcMessage,
  responses: {
    200: {
      description:
        'The JSON-RPC answer, as JSON or as a server-sent event stream (the client sends Accept: application/json, text/event-stream). A message MCP itself refuses is answered in JSON-RPC’s error shape.',
      contentType: ['application/json', 'text/event-stream'],
    },
    202: { description: 'A notification or a response, accepted; no body.' },
  },
  // No permission of its own (any token may connect), so no 403 here: each tool's operation checks its own.
  errors: ['unauthorized', 'rate_limited', 'invalid_request', 'payload_too_large', 'unsupported_media_type'],
});
