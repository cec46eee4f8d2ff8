// The SDK's generated part (packages/sdk/src/generated, openapi.json) is what the generator writes
// from today's OpenAPI document: a changed operation or schema makes this fail until
// `npm run sdk:generate` is run and its result committed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ALL_OPERATIONS } from '../../lib/openapi/registry';
import { renderSdk } from '../../scripts/sdk/render-sdk';
import { OPERATIONS } from '../../packages/sdk/src/generated/operations';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('@sling/sdk generated from the OpenAPI document', () => {
  test('every generated file matches what the generator writes today', async () => {
    for (const [path, text] of Object.entries(await renderSdk())) {
      expect(readFileSync(root + path, 'utf8'), `${path} is stale: run \`npm run sdk:generate\` and commit the result`).toBe(text);
    }
  });

  test('it covers every REST v1 operation an API token can call, and nothing a token cannot', () => {
    // The MCP endpoint (JSON-RPC for MCP clients) is built on the SDK, not called through it.
    const forTokens = ALL_OPERATIONS.filter(
      (o) => o.path.startsWith('/api/v1/') && o.path !== '/api/v1/mcp' && (o.auth.includes('bearer') || o.auth.length === 0),
    );
    expect(Object.keys(OPERATIONS).sort()).toEqual(forTokens.map((o) => o.id).sort());
    for (const o of forTokens) expect(OPERATIONS[o.id as keyof typeof OPERATIONS], o.id).toMatchObject({ method: o.method, path: o.path });
  });
});
