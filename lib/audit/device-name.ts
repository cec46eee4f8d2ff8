// "Chrome on Linux" from a user agent (ua-parser-js 1.x, MIT).
import { UAParser } from 'ua-parser-js';

export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const r = new UAParser(userAgent).getResult();
  const browser = r.browser.name ?? 'Unknown browser';
  return r.os.name ? `${browser} on ${r.os.name}` : browser;
}
