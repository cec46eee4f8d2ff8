// What a click keeps of its visitor (docs/guide/privacy.md): the operator's instance defaults
// (PRIVACY_* in lib/config/env-schema.ts), a workspace's own choices over them, and the small pure
// steps the click writer applies with them (apply-privacy.ts). Nothing here touches a database.
import { createHmac } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { PrivacyIpMode } from '../../db/schema';

export type { PrivacyIpMode };
/** What a stored click says it was recorded under (clicks.privacy): the IP mode, or opt_out. */
export type ClickPrivacy = PrivacyIpMode | 'opt_out';

/** The instance's defaults, set by the operator. */
export interface PrivacyDefaults {
  ip: PrivacyIpMode;
  userAgent: boolean;
  referrer: boolean;
  honorOptOut: boolean;
}

/** Today's behaviour without any setting: no IP (STORE_IP=false), agents and referrers kept, DNT/GPC honoured. */
export const DEFAULT_PRIVACY: PrivacyDefaults = { ip: 'none', userAgent: true, referrer: true, honorOptOut: true };

/** A workspace's columns as stored: null follows the instance's default. */
export interface WorkspacePrivacy {
  privacy_ip: PrivacyIpMode | null;
  privacy_user_agent: boolean | null;
  privacy_referrer: boolean | null;
  privacy_honor_opt_out: boolean | null;
  privacy_excluded_ranges: string[] | null;
}

/** What applies to a workspace's clicks. `key` names the choice, for memoizing per choice. */
export interface PrivacySettings extends PrivacyDefaults {
  excluded: string[];
  key: string;
}

/** The instance defaults from the configuration: PRIVACY_IP wins over STORE_IP, its older spelling. */
export function instancePrivacy(config: {
  PRIVACY_IP?: PrivacyIpMode;
  STORE_IP?: boolean;
  PRIVACY_USER_AGENT?: boolean;
  PRIVACY_REFERRER?: boolean;
  PRIVACY_HONOR_OPT_OUT?: boolean;
}): PrivacyDefaults {
  return {
    ip: config.PRIVACY_IP ?? (config.STORE_IP ? 'full' : DEFAULT_PRIVACY.ip),
    userAgent: config.PRIVACY_USER_AGENT ?? DEFAULT_PRIVACY.userAgent,
    referrer: config.PRIVACY_REFERRER ?? DEFAULT_PRIVACY.referrer,
    honorOptOut: config.PRIVACY_HONOR_OPT_OUT ?? DEFAULT_PRIVACY.honorOptOut,
  };
}

/** A workspace's choices over the instance's defaults. */
export function privacySettings(row: Partial<WorkspacePrivacy> | undefined, defaults: PrivacyDefaults): PrivacySettings {
  const ip = row?.privacy_ip ?? defaults.ip;
  const userAgent = row?.privacy_user_agent ?? defaults.userAgent;
  const referrer = row?.privacy_referrer ?? defaults.referrer;
  const honorOptOut = row?.privacy_honor_opt_out ?? defaults.honorOptOut;
  const excluded = row?.privacy_excluded_ranges ?? [];
  return { ip, userAgent, referrer, honorOptOut, excluded, key: `${ip}|${+userAgent}${+referrer}${+honorOptOut}|${excluded.join(',')}` };
}

/** IPv4 to its /24 (203.0.113.57 → 203.0.113.0), IPv6 to its /48 (2001:db8:85a3::1 → 2001:db8:85a3::);
 *  an IPv4-mapped IPv6 address as the IPv4 it is. Anything else is not an address: null. */
export function anonymizeIp(ip: string): string | null {
  const v4 = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4)) return `${v4.slice(0, v4.lastIndexOf('.'))}.0`;
  if (!isIPv6(ip)) return null;
  return compressIpv6(expandIpv6(ip).map((g, i) => (i < 3 ? Number.parseInt(g, 16) : 0)));
}

/** The eight 16-bit groups of an IPv6 address, as hex (zone dropped, embedded IPv4 converted). */
function expandIpv6(ip: string): string[] {
  let text = ip.split('%')[0].toLowerCase();
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right];
}

/**
 * The salt mixed into visitor keys on one UTC day when the full address is not kept: derived from
 * SECRET_KEY, so nothing is stored, and different each day, so a key cannot follow a visitor across
 * days (unique visitors are then counted per day).
 */
export function dailySalt(secret: string, at: number): string {
  return createHmac('sha256', secret)
    .update(`visitor-salt\n${new Date(at).toISOString().slice(0, 10)}`)
    .digest('base64url');
}

/** A CIDR list parsed once: does it hold this address? (IPv4-mapped IPv6 addresses count as IPv4.) */
export function rangeMatcher(ranges: readonly string[]): (ip: string) => boolean {
  if (ranges.length === 0) return () => false;
  const list = new BlockList();
  for (const range of ranges) {
    const [address, bits] = range.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (ip) => {
    const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    if (isIPv4(v4)) return list.check(v4, 'ipv4');
    return isIPv6(ip) && list.check(ip, 'ipv6');
  };
}

/** A range as typed ("10.1.2.3/24", "2001:DB8::/32", "198.51.100.7") in its normal form ("10.1.2.0/24",
 *  "2001:db8::/32", "198.51.100.7/32"), or null when it is not one. */
export function normalizeRange(input: string): string | null {
  const [address, bits, ...rest] = input.trim().split('/');
  if (rest.length > 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return null;
  if (isIPv4(address)) {
    const n = bits === undefined ? 32 : Number(bits);
    if (n > 32) return null;
    const value = address.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
    const masked = n === 0 ? 0 : value - (value % 2 ** (32 - n));
    return `${[24, 16, 8, 0].map((s) => Math.floor(masked / 2 ** s) % 256).join('.')}/${n}`;
  }
  if (!isIPv6(address) || address.includes('%')) return null;
  const n = bits === undefined ? 128 : Number(bits);
  if (n > 128) return null;
  const groups = expandIpv6(address).map((g) => Number.parseInt(g, 16));
  const masked = groups.map((g, i) => {
    const keep = Math.min(16, Math.max(0, n - i * 16));
    return keep === 0 ? 0 : g & (0xffff << (16 - keep)) & 0xffff;
  });
  return `${compressIpv6(masked)}/${n}`;
}

/** Eight groups as RFC 5952 text: lower case, the longest run of two or more zero groups as "::". */
function compressIpv6(groups: number[]): string {
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best === -1) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}
