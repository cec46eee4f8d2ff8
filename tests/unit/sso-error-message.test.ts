// The sign-in page's words for a refused single sign-on (lib/sso/sso-error-message.ts).
import { describe, expect, test } from 'vitest';
import { ssoErrorMessage } from '../../lib/sso/sso-error-message';

describe('ssoErrorMessage', () => {
  test('a state better-auth cannot match (expired, used, another tab, tampered) asks to start again', () => {
    for (const code of ['state_mismatch', 'state_not_found', 'state_invalid', 'invalid_state']) {
      expect(ssoErrorMessage(code, undefined)).toMatch(/expired or was started in another tab or browser\. Start again/);
    }
  });

  test('an address outside the domain, a limit and a missing connection each say what to do', () => {
    expect(ssoErrorMessage('email_domain_not_allowed', 'x')).toContain('ask your administrator');
    expect(ssoErrorMessage('rate_limited', 'x')).toContain('Wait a minute');
    expect(ssoErrorMessage('unknown_connection', undefined)).toContain('turned off');
  });

  test("another code shows the provider's reason when it is plain text, never markup", () => {
    expect(ssoErrorMessage('access_denied', 'user_cancelled_login')).toBe(
      'Single sign-on did not complete (user cancelled login). Try again, or sign in with your password.',
    );
    expect(ssoErrorMessage('access_denied', '<b>x</b>')).toBe('Single sign-on did not complete. Try again, or sign in with your password.');
    expect(ssoErrorMessage('toString', undefined)).toMatch(/^Single sign-on did not complete\./);
  });
});
