// Where the identity provider sends the browser back: @better-auth/sso's per-provider callback.
export function ssoCallbackUrl(baseUrl: string, connectionId: string): string {
  return `${baseUrl}/api/auth/sso/callback/${connectionId}`;
}
