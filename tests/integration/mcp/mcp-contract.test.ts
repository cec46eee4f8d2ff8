// Contract test of CONTRACT_TAGS.mcp: POST /api/v1/mcp answers as the OpenAPI document says, with
// its success statuses (200 for a request, 202 for a notification) and every error status it
// declares (tests/helpers/contract.ts checks each answer). What the tools do is mcp.test.ts's.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpAndInVia } from '../../helpers/accounts';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { ContractClient, sweepCommonErrors, sweepRateLimits } from '../../helpers/contract';
import { CONTRACT_TAGS } from '../../helpers/contract-tags';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';

const TAGS = CONTRACT_TAGS.mcp;
const MCP_ACCEPT = { accept: 'application/json, text/event-stream' };
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

describe('POST /api/v1/mcp matches the OpenAPI document', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let client: ContractClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling(tdb.env);
    const token = await sling.seed.userWithToken('mcp-contract@example.com', { plan: 'business' });
    api = apiClient(inProcess(sling));
    client = await ContractClient.connect(api, token, await signUpAndInVia(api, 'mcp-session@example.com'));
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('200 for a request, 202 for a notification, 400 for what is not a JSON-RPC 2.0 message', async () => {
    const init = await client.call('POST', '/api/v1/mcp', { body: initialize, headers: MCP_ACCEPT });
    expect(init.status).toBe(200);
    const note = await client.call('POST', '/api/v1/mcp', { body: { jsonrpc: '2.0', method: 'notifications/initialized' }, headers: MCP_ACCEPT });
    expect(note.status).toBe(202);
    const bad = await client.call('POST', '/api/v1/mcp', { body: { jsonrpc: '1.0', method: 'initialize' }, headers: MCP_ACCEPT });
    expect(bad.status).toBe(400);
  });

  test('errors: 401 without a token (a session is not enough), 413, 415', async () => {
    await sweepCommonErrors(client, TAGS, { narrow: [] });
    expect((await client.call('POST', '/api/v1/mcp', { auth: 'cookie', body: initialize, headers: MCP_ACCEPT })).status).toBe(401);
  });

  test('429 once the workspace has spent its window', async () => {
    const bearer = await sling.seed.userWithToken('mcp-limited@example.com');
    await sweepRateLimits(client, TAGS, { bearer, cookie: '' }, async () => {
      for (let i = 0; i < 101; i += 20)
        await Promise.all(Array.from({ length: Math.min(20, 101 - i) }, () => api.call('listLinks', { as: { token: bearer } })));
    });
  });

  test('every declared status was seen', () => {
    expect(client.uncovered(TAGS)).toEqual([]);
  });
});
