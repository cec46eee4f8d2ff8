// What the sign-in page says when "Continue with Google / GitHub / Microsoft" comes back refused
// (`/login?method=social&error=<code>`: better-auth's callback codes and social-sign-in-rules.ts's).
// Pure: the sign-in page's client component reads it.

const START_AGAIN = 'This sign-in expired or was started in another tab or browser. Start again.';

const MESSAGES: Record<string, string> = {
  account_not_linked:
    'An account with this address already exists, and the provider did not confirm that the address is yours. Sign in with your password, or verify the address at the provider first.',
  signup_disabled: 'This Sling instance does not take new accounts this way. Ask its administrator for an invitation, then use the address it was sent to.',
  BANNED_USER: 'This account is suspended. Contact the administrator of this Sling instance.',
  two_factor_required: 'This account has two-factor authentication on: sign in with your password and your code.',
  sso_required: 'Your workspace requires single sign-on: use “Continue with SSO” with your work email.',
  access_denied: 'You did not allow Sling at the provider, so you are not signed in.',
  email_not_verified:
    'The provider did not confirm that your email address is yours, so Sling cannot make an account from it. Verify the address at the provider, or sign up with a password.',
  email_not_found: 'The provider did not share an email address, which Sling needs for your account.',
  state_mismatch: START_AGAIN,
  state_not_found: START_AGAIN,
  invalid_state: START_AGAIN,
  please_restart_the_process: START_AGAIN,
  rate_limited: 'Too many sign-in attempts from your network. Wait a minute, then try again.',
};

export function socialErrorMessage(code: string): string {
  return Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : 'Sign-in with the provider did not complete. Try again, or sign in with your password.';
}
