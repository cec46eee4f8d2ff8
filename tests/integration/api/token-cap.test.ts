// POST /api/v1/tokens past the workspace plan's cap of live tokens: 409 limit_reached in the JSON
// error shape naming the cap; revoking one makes room. (The cap itself per plan: tokens.test.ts.)
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createUserWithToken } from '../../helpers/accounts';
import { createPgliteDatabase, type TestDatabase } from '../../helpers/databases';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

let tdb: TestDatabase;
let sling: SlingProcess;
beforeAll(async () => {
  tdb = await createPgliteDatabase({ migrated: true });
  // The CLI's token is the first of the Free workspace's five.
  await createUserWithToken(tdb.env, 'cap@example.com', 'free');
  sling = await startSling(tdb.env);
});
afterAll(async () => {
  await sling?.stop();
  await tdb?.drop();
});

test('POST /api/v1/tokens: the 6th live token of a Free workspace is 409 limit_reached naming the cap', async () => {
  const signIn = await fetch(`${sling.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: sling.url },
    body: JSON.stringify({ email: 'cap@example.com', password: 'correct horse 1' }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const call = (path: string, method = 'POST') =>
    fetch(`${sling.url}${path}`, { method, headers: { cookie, origin: sling.url, 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });

  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await call('/api/v1/tokens');
    expect(res.status).toBe(201);
    ids.push((await res.json()).token.id);
  }
  const refused = await call('/api/v1/tokens');
  expect(refused.status).toBe(409);
  expect(refused.headers.get('content-type')).toMatch(/application\/json/);
  expect(refused.headers.get('x-ratelimit-limit')).not.toBeNull();
  expect(await refused.json()).toEqual({
    error: {
      code: 'limit_reached',
      message: expect.stringMatching(/the most the Free plan allows \(5\)/),
      details: { limit: 5, plan: 'free', active_tokens: 5, resource: 'api_tokens' },
      doc_url: 'docs/api/errors.md#limit_reached',
    },
  });

  expect((await call(`/api/v1/tokens/${ids[0]}`, 'DELETE')).status).toBe(204);
  expect((await call('/api/v1/tokens')).status).toBe(201);
});
