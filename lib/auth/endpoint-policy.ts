// Which of better-auth's HTTP endpoints (under /api/auth) Sling serves, one line per endpoint path as
// better-auth declares it. `allowed`: served as better-auth answers; `wrapped`: served, with the
// request or answer reshaped by handle-auth-request.ts; `refused`: 404 in the JSON error shape
// (refuse-endpoint.ts). A path missing here is refused too, so an endpoint a better-auth upgrade
// adds stays closed until someone decides (tests/unit/auth-endpoint-policy.test.ts fails until then).

export type EndpointDecision = 'allowed' | 'wrapped' | 'refused';

export const AUTH_ENDPOINT_POLICY: Record<string, EndpointDecision> = {
  // Sign-up and sign-in. Answers carry no session token (the cookie does); a sign-up with a known
  // address answers as for a new one and mails the account instead (no enumeration).
  '/sign-up/email': 'wrapped',
  '/sign-in/email': 'wrapped',
  '/sign-out': 'allowed',
  '/get-session': 'wrapped',
  '/ok': 'allowed',
  // Sign-in by a link sent by mail (magic-link.ts): answers the same for any address; the link signs
  // in an existing account without two-factor only, once, within 10 minutes. Refused without SMTP.
  '/sign-in/magic-link': 'allowed',
  '/magic-link/verify': 'allowed',
  // Passkeys (passkeys.ts): made and managed by the signed-in user for their own account (registration
  // needs a session under a day old; rename and delete check the passkey's owner); sign-in answers
  // without the session token, as the password's does.
  '/passkey/generate-register-options': 'allowed',
  '/passkey/verify-registration': 'allowed',
  '/passkey/generate-authenticate-options': 'allowed',
  '/passkey/verify-authentication': 'wrapped',
  '/passkey/list-user-passkeys': 'allowed',
  '/passkey/update-passkey': 'allowed',
  '/passkey/delete-passkey': 'allowed',

  // Password: reset by mailed link; change needs the current one.
  '/request-password-reset': 'allowed',
  '/reset-password/:token': 'allowed',
  '/reset-password': 'allowed',
  '/change-password': 'wrapped',
  // A yes/no password oracle for whoever holds a session; nothing in Sling needs it.
  '/verify-password': 'refused',

  // Profile: the name (email and two-factor state are not writable through it).
  '/update-user': 'allowed',
  // Sling verifies addresses through invitations; address changes and deletion are not offered.
  '/verify-email': 'refused',
  '/send-verification-email': 'refused',
  '/change-email': 'refused',
  '/delete-user': 'refused',
  '/delete-user/callback': 'refused',

  // Sessions: listed without their tokens; revoked by id.
  '/list-sessions': 'wrapped',
  '/revoke-session': 'wrapped',
  '/revoke-sessions': 'allowed',
  '/revoke-other-sessions': 'allowed',
  // Writes additional session fields; Sling has none a client may set.
  '/update-session': 'refused',

  // Two-factor. Turning on needs the password and then a code; the second step of sign-in checks a
  // code or a backup code. Anything that removes or reveals the second factor with the password
  // alone is refused: turning it off goes through POST /api/v1/two-factor/disable (password + code).
  '/two-factor/enable': 'allowed',
  '/two-factor/verify-totp': 'wrapped',
  '/two-factor/verify-backup-code': 'wrapped',
  '/two-factor/disable': 'refused',
  '/two-factor/get-totp-uri': 'refused',
  '/two-factor/generate-backup-codes': 'refused',
  // Codes by mail or SMS: not configured.
  '/two-factor/send-otp': 'refused',
  '/two-factor/verify-otp': 'refused',

  // "Continue with Google / GitHub / Microsoft" (social-providers.ts): the start answers with the
  // provider's URL (an unconfigured provider: 404); the provider comes back to the callback, which
  // ends on the sign-in page with `?error=<code>` when refused (social-sign-in-rules.ts). Accounts
  // are never linked or unlinked by hand, and the providers' tokens are not handed out.
  '/sign-in/social': 'allowed',
  '/callback/:id': 'allowed',
  '/link-social': 'refused',
  '/list-accounts': 'refused',
  '/unlink-account': 'refused',
  '/refresh-token': 'refused',
  '/get-access-token': 'refused',
  '/account-info': 'refused',
  // better-auth's HTML error page, reached only from social sign-in.
  '/error': 'refused',

  // Workspaces are better-auth organizations, but only Sling's /api/v1/workspace* endpoints manage
  // them: they carry Sling's rules (one owner, personal workspaces kept, tokens ended and links
  // reassigned on removal, the permission table) that the plugin's own endpoints would bypass.
  '/organization/create': 'refused',
  '/organization/update': 'refused',
  '/organization/delete': 'refused',
  '/organization/set-active': 'refused',
  '/organization/get-organization': 'refused',
  '/organization/get-full-organization': 'refused',
  '/organization/list': 'refused',
  '/organization/invite-member': 'refused',
  '/organization/cancel-invitation': 'refused',
  '/organization/accept-invitation': 'refused',
  '/organization/get-invitation': 'refused',
  '/organization/reject-invitation': 'refused',
  '/organization/list-invitations': 'refused',
  '/organization/get-active-member': 'refused',
  '/organization/check-slug': 'refused',
  '/organization/remove-member': 'refused',
  '/organization/update-member-role': 'refused',
  '/organization/leave': 'refused',
  '/organization/list-user-invitations': 'refused',
  '/organization/list-members': 'refused',
  '/organization/get-active-member-role': 'refused',
  '/organization/has-permission': 'refused',

  // Single sign-on (@better-auth/sso). /sign-in/sso takes only {email, callbackURL?}: Sling picks the
  // enabled connection from the address's proven domain (start-sso.ts), so no caller names a
  // provider; the identity provider comes back to the per-connection callback. Connections are
  // managed through /api/v1/workspace/sso (plan, roles, sealed secret, test, DNS proof), never
  // through the plugin's own provider endpoints. SAML: the identity provider posts to the
  // per-connection ACS. Every refusal at the callback or the ACS (a stale or tampered state
  // included) is sent on to the sign-in page (sso-return-answer.ts). Sling serves the SP metadata
  // itself, for drafts too. Single logout is not offered.
  '/sign-in/sso': 'wrapped',
  '/sso/callback/:providerId': 'wrapped',
  '/sso/callback': 'refused',
  '/sso/register': 'refused',
  '/sso/providers': 'refused',
  '/sso/get-provider': 'refused',
  '/sso/update-provider': 'refused',
  '/sso/delete-provider': 'refused',
  '/sso/saml2/sp/metadata': 'wrapped',
  '/sso/saml2/sp/acs/:providerId': 'wrapped',
  '/sso/saml2/sp/slo/:providerId': 'refused',
  '/sso/saml2/logout/:providerId': 'refused',

  // Platform admins (better-auth's admin plugin) use Sling's /api/v1/admin/* endpoints: they write
  // the audit trail, disable a banned user's links and answer 404 to everyone else. The plugin's own
  // endpoints (impersonation, password setting, account removal) are not offered.
  '/admin/set-role': 'refused',
  '/admin/get-user': 'refused',
  '/admin/create-user': 'refused',
  '/admin/update-user': 'refused',
  '/admin/list-users': 'refused',
  '/admin/list-user-sessions': 'refused',
  '/admin/unban-user': 'refused',
  '/admin/ban-user': 'refused',
  '/admin/impersonate-user': 'refused',
  '/admin/stop-impersonating': 'refused',
  '/admin/revoke-user-session': 'refused',
  '/admin/revoke-user-sessions': 'refused',
  '/admin/remove-user': 'refused',
  '/admin/set-user-password': 'refused',
  '/admin/has-permission': 'refused',
};

/** Whether better-auth may answer an HTTP request for the endpoint declared at `path`. */
export function servedOverHttp(path: string): boolean {
  const decision = AUTH_ENDPOINT_POLICY[path];
  return decision === 'allowed' || decision === 'wrapped';
}
