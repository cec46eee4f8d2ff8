// Every endpoint better-auth's router serves has a decision in endpoint-policy.ts: an endpoint added by
// a better-auth upgrade fails here until someone classifies it (until then it is refused anyway).
import { describe, expect, test } from 'vitest';
import { AUTH_ENDPOINT_POLICY, servedOverHttp } from '../../lib/auth/endpoint-policy';
import { routedAuthEndpoints } from '../helpers/auth-endpoints';

describe('better-auth endpoint policy', () => {
  const live = routedAuthEndpoints();

  test('the policy names exactly the endpoints better-auth routes', () => {
    expect(live.length).toBeGreaterThan(50);
    expect(Object.keys(AUTH_ENDPOINT_POLICY).sort()).toEqual(live.map((e) => e.path).sort());
  });

  test('anything that removes or reveals the second factor with the password alone is refused', () => {
    for (const path of ['/two-factor/disable', '/two-factor/get-totp-uri', '/two-factor/generate-backup-codes']) expect(servedOverHttp(path), path).toBe(false);
    for (const path of ['/change-email', '/delete-user', '/update-session', '/verify-password', '/organization/create'])
      expect(servedOverHttp(path), path).toBe(false);
  });

  test("the admin plugin's endpoints are refused: the console uses /api/v1/admin/*", () => {
    const adminPaths = Object.keys(AUTH_ENDPOINT_POLICY).filter((p) => p.startsWith('/admin/'));
    expect(adminPaths).toContain('/admin/impersonate-user');
    for (const path of adminPaths) expect(servedOverHttp(path), path).toBe(false);
  });

  test('an endpoint the policy does not know is refused', () => {
    expect(servedOverHttp('/some-new/endpoint')).toBe(false);
    expect(servedOverHttp('constructor')).toBe(false);
  });
});
