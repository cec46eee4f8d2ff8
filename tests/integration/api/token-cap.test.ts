// POST /api/v1/tokens past the workspace plan's cap of live tokens: 409 limit_reached in the JSON
// error shape naming the cap; revoking one makes room. (The cap itself per plan: tokens.test.ts.)
// On Sling in the test process, through its router.
import { expect } from 'vitest';
import { signIn } from '../../helpers/accounts';
import { slingTest } from '../../helpers/sling-fixture';

const test = slingTest();

test('POST /api/v1/tokens: the 6th live token of a Free workspace is 409 limit_reached naming the cap', async ({ sling, api }) => {
  // The seeded token is the first of the Free workspace's five.
  await sling.seed.userWithToken('cap@example.com', { plan: 'free' });
  const cap = api.as({ cookie: await signIn(api, 'cap@example.com') });
  const create = () => cap.call('createToken', { body: {} });

  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await create();
    expect(res.status).toBe(201);
    ids.push(res.json.token.id);
  }
  const refused = await create();
  expect(refused.status).toBe(409);
  expect(refused.headers.get('content-type')).toMatch(/application\/json/);
  expect(refused.headers.get('x-ratelimit-limit')).not.toBeNull();
  expect(refused.json).toEqual({
    error: {
      code: 'limit_reached',
      message: expect.stringMatching(/the most the Free plan allows \(5\)/),
      details: { limit: 5, plan: 'free', active_tokens: 5, resource: 'api_tokens' },
      doc_url: 'docs/api/errors.md#limit_reached',
    },
  });

  expect((await cap.call('revokeToken', { params: { id: ids[0] } })).status).toBe(204);
  expect((await create()).status).toBe(201);
});
