// The nonce of a page's Content-Security-Policy (set per request by server.ts, see security-headers.ts),
// for the rare <script> a page renders itself; Next puts it on its own scripts.
export function nonceFromPolicy(policy: string | null | undefined): string | undefined {
  return policy?.match(/'nonce-([A-Za-z0-9+/=_-]+)'/)?.[1];
}
