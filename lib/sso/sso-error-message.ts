// What the sign-in page says when single sign-on comes back refused (`/login?error=<code>&
// error_description=<reason>`, sso-return-answer.ts): a sentence per code a person can act on, else
// the provider's reason in brackets when it is plain text.

const START_AGAIN = 'This sign-in expired or was started in another tab or browser. Start again with “Continue with SSO”.';

const MESSAGES: Record<string, string> = {
  email_domain_not_allowed: 'Your identity provider gave an address outside your company’s SSO domain; ask your administrator.',
  // better-auth's codes for a state it cannot match: expired, used already, started in another
  // tab or browser, or not Sling's.
  state_mismatch: START_AGAIN,
  state_not_found: START_AGAIN,
  state_invalid: START_AGAIN,
  invalid_state: START_AGAIN,
  rate_limited: 'Too many sign-in attempts from your network. Wait a minute, then try again.',
  unknown_connection: 'This single sign-on connection does not exist or is turned off; ask your administrator.',
};

export function ssoErrorMessage(code: string, description: unknown): string {
  const known = Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : undefined;
  if (known) return known;
  const detail = typeof description === 'string' && /^[\w .:,'-]{1,200}$/.test(description) ? ` (${description.replace(/_/g, ' ')})` : '';
  return `Single sign-on did not complete${detail}. Try again, or sign in with your password.`;
}
