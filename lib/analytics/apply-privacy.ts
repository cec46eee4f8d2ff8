// A workspace's privacy choices applied to an enriched click, in the click writer before anything is
// stored or counted (docs/guide/privacy.md). The enrichment is workspace-free and shared by every
// click of a visitor (one profile object, which the batch encoders write once); so is the result
// here, one object per profile and choice, so that sharing survives.
import { createHmac } from 'node:crypto';
import type { EnrichedClick, VisitorProfile } from './enrich-click';
import { anonymizeIp, dailySalt, rangeMatcher, type ClickPrivacy, type PrivacySettings } from './privacy-mode';

const DAY = 86_400_000;

/** Returns the click as stored under `settings`, or null when its address is excluded (neither stored nor counted). */
export type PrivacyFilter = (click: EnrichedClick, settings: PrivacySettings) => EnrichedClick | null;

export function createPrivacyFilter(secret: string): PrivacyFilter {
  const protectedProfiles = new WeakMap<VisitorProfile, Map<string, VisitorProfile>>();
  const matchers = new Map<string, (ip: string) => boolean>();
  const salts = new Map<number, string>();

  function excluded(ranges: string[], address: string): boolean {
    if (ranges.length === 0) return false;
    const key = ranges.join(',');
    let match = matchers.get(key);
    if (match === undefined) {
      if (matchers.size >= 1_000) matchers.clear();
      matchers.set(key, (match = rangeMatcher(ranges)));
    }
    return match(address);
  }

  function saltOf(day: number): string {
    let salt = salts.get(day);
    if (salt === undefined) {
      if (salts.size >= 8) salts.clear();
      salts.set(day, (salt = dailySalt(secret, day * DAY)));
    }
    return salt;
  }

  function profileFor(v: VisitorProfile, mode: ClickPrivacy, keepAgent: boolean, day: number): VisitorProfile {
    const key = `${mode}|${+keepAgent}|${mode === 'full' ? '' : day}`;
    let byChoice = protectedProfiles.get(v);
    if (byChoice === undefined) protectedProfiles.set(v, (byChoice = new Map()));
    let p = byChoice.get(key);
    if (p !== undefined) return p;
    // Unique visitors keep working: the key is made from the full address before it is dropped, and
    // with a salt of the day when the address is not kept whole (it cannot follow anyone across days).
    const visitor =
      mode === 'full'
        ? v.visitor
        : createHmac('sha256', saltOf(day))
            .update(`visitor\n${v.address}\n${v.device}\n${v.browser ?? ''}\n${v.os ?? ''}`)
            .digest('base64url')
            .slice(0, 22);
    p = { ...v, visitor, privacy: mode, ip: mode === 'full' ? v.address : mode === 'anonymized' ? anonymizeIp(v.address) : null };
    if (!keepAgent) p.userAgent = undefined;
    // Opted out: counted, with the country and the kind of device only.
    if (mode === 'opt_out') Object.assign(p, { userAgent: undefined, region: null, city: null, regionLabel: null, cityLabel: null, browser: null, os: null });
    byChoice.set(key, p);
    return p;
  }

  return (click, settings) => {
    const v = click.profile;
    if (excluded(settings.excluded, v.address)) return null;
    const optOut = click.optOut && settings.honorOptOut;
    const mode: ClickPrivacy = optOut ? 'opt_out' : settings.ip;
    const profile = profileFor(v, mode, settings.userAgent, Math.floor(click.at / DAY));
    const keepReferrer = settings.referrer && !optOut;
    return {
      ...click,
      ...profile,
      bot: click.bot,
      profile,
      referrer: keepReferrer ? click.referrer : undefined,
      referrerHost: keepReferrer ? click.referrerHost : null,
    };
  };
}
