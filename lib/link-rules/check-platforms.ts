// A link's platform destinations before they are stored: ios_url and android_url are http(s) (checked
// and scanned as the link's url) or app links (myapp://…, lib/link-rules/app-link.ts); their fallbacks,
// where the app page sends a visitor whose app did not open, are http(s) only.
import type { AppContext } from '../context/app-context';
import { appLinkScheme } from '../core/url-scheme';
import { validateLongUrl } from '../domains/validate-long-url';
import { validateDestination } from './app-link';
import { scanDestination, type ScanVerdict } from '../safety/scan-destination';
import { worstVerdict } from './check-rules';

export interface PlatformUrls {
  iosUrl: string | null;
  iosFallbackUrl: string | null;
  androidUrl: string | null;
  androidFallbackUrl: string | null;
}

/** Each field, its name in the APIs, and whether it takes app links. */
export const PLATFORM_FIELDS = [
  ['iosUrl', 'ios_url', true],
  ['iosFallbackUrl', 'ios_fallback_url', false],
  ['androidUrl', 'android_url', true],
  ['androidFallbackUrl', 'android_fallback_url', false],
] as const;

/** The given fields checked (null removes; undefined: not given, left out). */
export function validatePlatforms(input: Partial<Record<keyof PlatformUrls, unknown>>, ctx: Pick<AppContext, 'domains'>): Partial<PlatformUrls> {
  const out: Partial<PlatformUrls> = {};
  for (const [key, field, app] of PLATFORM_FIELDS) {
    const value = input[key];
    if (value === undefined) continue;
    if (value === null || value === '') out[key] = null;
    else out[key] = app ? validateDestination(value, ctx.domains.self, field) : validateLongUrl(value, ctx.domains.self, field);
  }
  return out;
}

/** The scan of every http(s) platform url (app links name no host on the web). */
export async function scanPlatforms(urls: Partial<PlatformUrls>, ctx: Pick<AppContext, 'handle'>): Promise<ScanVerdict> {
  let scan: ScanVerdict = { status: 'active', reason: null };
  for (const [key, field] of PLATFORM_FIELDS) {
    const url = urls[key];
    if (url && appLinkScheme(url) === null) scan = worstVerdict(scan, await scanDestination(url, ctx.handle, field));
  }
  return scan;
}
