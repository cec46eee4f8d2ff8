// A buffered click → the row stored: GeoIP, device/browser/OS, bot flag, referrer host and a keyed
// visitor hash. Runs in the click buffer's flush, never on the redirect. Visitors repeat (one
// address and browser make many clicks), so enrichment is memoized per address and agent. It is the
// same for every workspace: what a workspace keeps is applied after it (apply-privacy.ts).
import { createHmac } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { createPrivacyFilter, type PrivacyFilter } from './apply-privacy';
import type { Click } from './click';
import type { GeoIp } from './geoip';
import { parseAgent } from './parse-agent';
import { DEFAULT_PRIVACY, type ClickPrivacy, type PrivacyDefaults } from './privacy-mode';

export interface EnrichedClick {
  linkId: number;
  at: number;
  referrer: string | undefined;
  referrerHost: string | null;
  userAgent: string | undefined;
  /** The address stored: whole, anonymised or none, as the privacy mode says (apply-privacy.ts). */
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
  /** The visit carried `DNT: 1` or `Sec-GPC: 1`. */
  optOut: boolean;
  /** The privacy mode the click is stored under ('full' until apply-privacy.ts has applied one). */
  privacy: ClickPrivacy;
  /** The memoized enrichment shared by every click from this address and agent (one object each):
   *  the writer sends it once per batch rather than once per click. */
  profile: VisitorProfile;
}

export interface EnricherOptions {
  secret: string;
  geo: GeoIp;
  /** The instance's privacy defaults (instancePrivacy() of the configuration); DEFAULT_PRIVACY when absent. */
  privacy?: PrivacyDefaults;
  /** The older spelling of `privacy.ip`: true is 'full', false 'none'. */
  storeIp?: boolean;
}

/** Enriches a click; carries the instance's privacy defaults and the filter that applies a workspace's (write-clicks.ts). */
export type ClickEnricher = ((click: Click) => EnrichedClick) & { readonly privacy: PrivacyDefaults; readonly protect: PrivacyFilter };

export type VisitorProfile = Pick<
  EnrichedClick,
  'visitor' | 'country' | 'region' | 'city' | 'regionLabel' | 'cityLabel' | 'device' | 'browser' | 'os' | 'bot' | 'privacy'
> & {
  /** The stored address and user agent. */
  ip: string | null;
  userAgent: string | undefined;
  /** The visitor's full address, in memory only: never stored as such (apply-privacy.ts decides what is). */
  address: string;
};
type Visitor = VisitorProfile;

export function createClickEnricher(opts: EnricherOptions): ClickEnricher {
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
        ip,
        address: ip,
        privacy: 'full',
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

  const enrich = (click: Click): EnrichedClick => {
    const v = visitorOf(click.ip, click.userAgent);
    return {
      linkId: click.linkId,
      at: click.at,
      referrer: click.referrer,
      referrerHost: hostOf(click.referrer),
      ...v,
      bot: v.bot || click.head === true,
      optOut: click.optOut === true,
      profile: v,
      trigger: click.trigger ?? 'link',
      rule: click.rule ?? null,
      variant: click.variant ?? null,
    };
  };
  const privacy = opts.privacy ?? (opts.storeIp === undefined ? DEFAULT_PRIVACY : { ...DEFAULT_PRIVACY, ip: opts.storeIp ? 'full' : 'none' });
  return Object.assign(enrich, { privacy, protect: createPrivacyFilter(opts.secret) });
}

/** Regions and cities are told apart by what contains them (Springfield, Illinois vs Missouri):
 *  "Mountain View, California, US" is the label a place is counted under. */
export function place(name: string | null, ...within: Array<string | null>): string | null {
  return name === null ? null : [name, ...within].filter((p) => p !== null).join(', ');
}
