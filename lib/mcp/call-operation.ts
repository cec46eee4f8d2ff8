// A tool's one step: call a REST v1 operation through the Sling client it was given and turn the
// answer into a tool result. The API does the checking (scopes, roles, validation), so a refusal is
// the API's own, handed to the assistant as a tool error that names its code.
import { type OperationId, type RequestOptions, type Sling, SlingError } from '@sling/sdk';
import type { CallToolResult } from '@modelcontextprotocol/server';

export interface CallOptions {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The operation's answer as JSON text, or its error as a tool error. */
export async function callOperation(sling: Sling, id: OperationId, options: CallOptions = {}): Promise<CallToolResult> {
  return asToolResult(async () => {
    const answer = await sling.request(id, options as RequestOptions<typeof id>);
    return { content: [{ type: 'text', text: answer === undefined ? 'Done.' : JSON.stringify(answer) }] };
  });
}

/** Runs `fn`; a SlingError becomes a tool error ("forbidden (HTTP 403): …"), anything else is thrown on. */
export async function asToolResult(fn: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof SlingError)) throw err;
    const details = err.details === undefined ? '' : `\n${JSON.stringify(err.details)}`;
    return { isError: true, content: [{ type: 'text', text: `${err.code} (HTTP ${err.status}): ${err.message}${details}` }] };
  }
}
