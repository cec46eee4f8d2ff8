// Google Safe Browsing v4 Lookup API (threatMatches:find): asks whether any of a scan's addresses is
// known malware, phishing or unwanted software. Only the operator's configured endpoint is called
// (SAFE_BROWSING_URL), so no address check applies; it has its own time limit.
export interface SafeBrowsingOptions {
  apiKey: string;
  /** API origin, e.g. https://safebrowsing.googleapis.com */
  baseUrl: string;
  timeoutMs: number;
}

export interface SafeBrowsingMatch {
  threatType: string;
  platformType: string;
  url: string;
}

const THREAT_TYPES = ['MALWARE', 'SOCIAL_ENGINEERING', 'UNWANTED_SOFTWARE', 'POTENTIALLY_HARMFUL_APPLICATION'];

/** The matches among `urls` (empty when none is listed); throws when the API cannot be asked. */
export async function lookupSafeBrowsing(urls: string[], opts: SafeBrowsingOptions): Promise<SafeBrowsingMatch[]> {
  const unique = [...new Set(urls)];
  if (unique.length === 0) return [];
  const endpoint = new URL('/v4/threatMatches:find', opts.baseUrl);
  endpoint.searchParams.set('key', opts.apiKey);
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client: { clientId: 'sling', clientVersion: '1.0' },
      threatInfo: {
        threatTypes: THREAT_TYPES,
        platformTypes: ['ANY_PLATFORM'],
        threatEntryTypes: ['URL'],
        threatEntries: unique.map((url) => ({ url })),
      },
    }),
    signal: AbortSignal.timeout(opts.timeoutMs),
  });
  if (!res.ok) throw new Error(`Safe Browsing answered ${res.status}`);
  const body = (await res.json()) as { matches?: { threatType?: string; platformType?: string; threat?: { url?: string } }[] };
  return (body.matches ?? [])
    .filter((m) => typeof m.threat?.url === 'string')
    .map((m) => ({
      threatType: String(m.threatType ?? 'THREAT_TYPE_UNSPECIFIED'),
      platformType: String(m.platformType ?? 'ANY_PLATFORM'),
      url: m.threat!.url!,
    }));
}
