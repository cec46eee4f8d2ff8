// The audit log records API tokens and webhooks (issue 32, bug 16: it recorded neither): a token
// created, its secret rotated and regenerated, revoked (once); a webhook created, changed, its secret
// rotated, deleted, named by its host only (a receiver's URL can hold its secret). Each entry by the
// member who did it, through the API. On Sling in the test process, through its router.
import { expect } from 'vitest';
import { signIn } from '../../helpers/accounts';
import { slingTest } from '../../helpers/sling-fixture';

const test = slingTest({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });

type Entry = {
  action: string;
  summary: string;
  actor: { label: string };
  target: { type: string; id: string; label: string } | null;
  details: Record<string, unknown>;
};

test('token and webhook changes are in the audit log, by who made them, in their sentences', async ({ sling, api }) => {
  await sling.seed.user('ada@example.com', { plan: 'business', name: 'Ada' });
  const ada = api.as({ cookie: await signIn(api, 'ada@example.com') });

  const made = await ada.call('createToken', { body: { name: 'deploy', scopes: ['links:read'] } });
  expect(made.status).toBe(201);
  const tokenId = made.json.token.id;
  expect((await ada.call('rotateToken', { params: { id: tokenId }, body: { grace_hours: 2 } })).status).toBe(200);
  expect((await ada.call('regenerateToken', { params: { id: tokenId } })).status).toBe(200);
  expect((await ada.call('revokeToken', { params: { id: tokenId } })).status).toBe(204);
  expect((await ada.call('revokeToken', { params: { id: tokenId } })).status).toBe(204);

  const hook = await ada.call('createWebhook', { body: { url: 'http://127.0.0.1:9/services/T0/B0/secret-part', events: ['link.created'] } });
  expect(hook.status, JSON.stringify(hook.json)).toBe(201);
  const hookId = hook.json.webhook?.id ?? hook.json.id;
  expect((await ada.call('updateWebhook', { params: { id: hookId }, body: { enabled: false } })).status).toBe(200);
  expect((await ada.call('rotateWebhookSecret', { params: { id: hookId } })).status).toBe(200);
  expect((await ada.call('deleteWebhook', { params: { id: hookId } })).status).toBe(204);

  const entries = (await ada.call('listAudit', { query: { limit: 50 } })).json.entries as Entry[];
  const mine = entries.filter((e) => e.action.startsWith('token.') || e.action.startsWith('webhook.')).reverse();
  expect(mine.map((e) => e.action)).toEqual([
    'token.created',
    'token.secret_replaced',
    'token.secret_replaced',
    'token.revoked',
    'webhook.created',
    'webhook.updated',
    'webhook.secret_rotated',
    'webhook.deleted',
  ]);
  for (const e of mine) expect(e.actor.label, e.action).toBe('Ada');
  expect(mine.map((e) => e.summary)).toEqual([
    'Ada created the API token deploy (links:read)',
    'Ada rotated the API token deploy (the old secret works 2 more hours)',
    'Ada regenerated the API token deploy',
    'Ada revoked the API token deploy',
    'Ada created a webhook to 127.0.0.1:9',
    'Ada changed the webhook to 127.0.0.1:9 (enabled)',
    'Ada rotated the signing secret of the webhook to 127.0.0.1:9',
    'Ada deleted the webhook to 127.0.0.1:9',
  ]);
  expect(JSON.stringify(mine)).not.toContain('secret-part');
  expect(mine[0].target).toMatchObject({ type: 'token', id: tokenId, label: 'deploy' });
});
