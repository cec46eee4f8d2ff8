// A buffered click → the row stored: GeoIP, device/browser/OS, bot flag, referrer host and a keyed
// visitor hash. Runs in the click buffer's flush, never on the redirect. Visitors repeat (one
// address and browser make many clicks), so enrichment is memoized per address and agent.
import { createHmac } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Click } from './click';
import type { GeoIp } from './geoip';
import { parseAgent } from './parse-agent';

export interface EnrichedClick {
  linkId: number;
  at: number;
  referrer: string | undefined;
  referrerHost: string | null;
  userAgent: string | undefined;
  /** The raw address only when STORE_IP=true. */
  ip: string | null;
  visitor: string;
  country: string | null;
  region: string | null;
  city: string | null;
  /** "California, US" and "Mountain View, California, US": the labels regions and cities are counted under. */
  regionLabel: string | null;
  cityLabel: string | null;
  device: string;
  browser: string | null;
  os: string | null;
  trigger: 'link' | 'qr';
  /** The routing rule that picked the destination, or null. */
  rule: string | null;
  /** The A/B test variant the visitor was sent to, or null. */
  variant: string | null;
  bot: boolean;
  /** The memoized enrichment shared by every click from this address and agent (one object each):
   *  the writer sends it once per batch rather than once per click. */
  profile: VisitorProfile;
}

export interface EnricherOptions {
  secret: string;
  geo: GeoIp;
  storeIp: boolean;
}

export type VisitorProfile = Pick<
  EnrichedClick,
  'visitor' | 'country' | 'region' | 'city' | 'regionLabel' | 'cityLabel' | 'device' | 'browser' | 'os' | 'bot'
> & {
  /** The stored address (null unless STORE_IP) and user agent. */
  ip: string | null;
  userAgent: string | undefined;
};
type Visitor = VisitorProfile;

export function createClickEnricher(opts: EnricherOptions): (click: Click) => EnrichedClick {
  const visitors = new LRUCache<string, Visitor>({ max: 50_000 });
  const hosts = new LRUCache<string, { host: string | null }>({ max: 10_000 });

  function visitorOf(ip: string, ua: string | undefined): Visitor {
    const key = `${ip}\n${ua ?? ''}`;
    let v = visitors.get(key);
    if (v === undefined) {
      const agent = parseAgent(ua);
      const geo = opts.geo.lookup(ip);
      // Unique visitors: same address, device class, browser and OS. The key cannot be read back.
      const visitor = createHmac('sha256', opts.secret)
        .update(`visitor\n${ip}\n${agent.device}\n${agent.browser ?? ''}\n${agent.os ?? ''}`)
        .digest('base64url')
        .slice(0, 22);
      v = {
        ip: opts.storeIp ? ip : null,
        userAgent: ua,
        visitor,
        ...geo,
        regionLabel: place(geo.region, geo.country),
        cityLabel: place(geo.city, geo.region, geo.country),
        device: agent.device,
        browser: agent.browser,
        os: agent.os,
        bot: agent.bot,
      };
      visitors.set(key, v);
    }
    return v;
  }

  function hostOf(referrer: string | undefined): string | null {
    if (!referrer) return null;
    let entry = hosts.get(referrer);
    if (entry === undefined) {
      entry = { host: URL.canParse(referrer) ? new URL(referrer).hostname.toLowerCase() || null : null };
      hosts.set(referrer, entry);
    }
    return entry.host;
  }

  return (click) => {
    const v = visitorOf(click.ip, click.userAgent);
    return {
      linkId: click.linkId,
      at: click.at,
      referrer: click.referrer,
      referrerHost: hostOf(click.referrer),
      ...v,
      bot: v.bot || click.head === true,
      profile: v,
      trigger: click.trigger ?? 'link',
      rule: click.rule ?? null,
      variant: click.variant ?? null,
    };
  };
}

/** Regions and cities are told apart by what contains them (Springfield, Illinois vs Missouri). */
function place(name: string | null, ...within: Array<string | null>): string | null {
  return name === null ? null : [name, ...within].filter((p) => p !== null).join(', ');
}
