// A link's rules turned, once per cached link, into predicates over a visit's facts (match-rules.ts
// computes those lazily): value lists become Sets, addresses a BlockList, instants numbers, and a
// time zone's clock is read through one cached Intl.DateTimeFormat at most once a minute. What a
// predicate does per visit is then a Set lookup or a comparison.
import { BlockList, isIP, type SocketAddress } from 'node:net';
import type { Agent } from '../../analytics/parse-agent';
import { languageMatcher } from './accept-language';
import { type StoredRule, type TCondition, WEEKDAYS } from '../../link-rules/rule-schema';

/** What a visit offers the predicates, each fact computed on first use (match-rules.ts). */
export interface VisitFacts {
  /** Epoch ms. */
  readonly now: number;
  agent(): Agent;
  bot(): boolean;
  /** From GeoIP: the country as it gives it (ISO 3166 alpha-2, upper case), region and city lower-cased; null when unknown. */
  country(): string | null;
  region(): string | null;
  city(): string | null;
  /** The preferred language, lower case (accept-language.ts). */
  language(): string | null;
  query(): URLSearchParams;
  /** The visitor's address, or null when it is not one. */
  address(): SocketAddress | null;
}

export type Predicate = (facts: VisitFacts) => boolean;

export interface CompiledRule {
  readonly id: string;
  /** All must hold; `not` is folded in. */
  readonly conditions: readonly Predicate[];
}

export interface CompiledRules {
  readonly rules: readonly CompiledRule[];
  /** Some condition is on country, region or city. */
  readonly geo: boolean;
}

/** Compiles stored rules (validated on the way in: lib/link-rules/rule-schema.ts); an address that is not one is left out. */
export function compileRules(rules: readonly StoredRule[]): CompiledRules {
  return {
    rules: rules.map((r) => ({ id: r.id, conditions: r.conditions.map(compileCondition) })),
    geo: rules.some((r) => r.conditions.some((c) => c.type === 'country' || c.type === 'region' || c.type === 'city')),
  };
}

/** An address (a /32 or /128) or CIDR range as a subnet; as core/address-range.ts accepts them. */
function parseRange(value: string): { address: string; family: 'ipv4' | 'ipv6'; prefix: number } | null {
  const [address, bits, ...rest] = value.trim().split('/');
  const version = isIP(address);
  const max = version === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
  return version === 0 || rest.length > 0 || !(prefix <= max) ? null : { address, family: version === 4 ? 'ipv4' : 'ipv6', prefix };
}

/** BlockList matches IPv4-mapped IPv6 (::ffff:203.0.113.5) against IPv4 ranges and the other way round. */
function blockList(values: readonly string[]): BlockList {
  const list = new BlockList();
  for (const value of values) {
    const range = parseRange(value);
    if (range) list.addSubnet(range.address, range.prefix, range.family);
  }
  return list;
}

/** OS names that mean the same, both ways: ua-parser-js 1.x says "Mac OS", 2.x "macOS", people "os x". */
const OS_SYNONYMS = new Map(
  Object.entries({ 'mac os': 'macos', 'mac os x': 'macos', 'os x': 'macos', osx: 'macos', 'chromium os': 'chromeos', 'chrome os': 'chromeos' }),
);
const osKey = (name: string) => OS_SYNONYMS.get(name.toLowerCase()) ?? name.toLowerCase();

/** A browser as people type it, and the other ua-parser-js names it covers. */
const BROWSER_FAMILIES = new Map(
  Object.entries({
    chrome: ['mobile chrome', 'chrome webview', 'chrome headless'],
    safari: ['mobile safari'],
    firefox: ['mobile firefox'],
    edge: ['microsoft edge'],
    'microsoft edge': ['edge'],
  }),
);
const browserNames = (value: string) => [value.toLowerCase(), ...(BROWSER_FAMILIES.get(value.toLowerCase()) ?? [])];

const has = (set: ReadonlySet<string>, value: string | null | undefined) => value != null && set.has(value);

function compileCondition(c: TCondition): Predicate {
  const test = conditionTest(c);
  return c.not ? (f) => !test(f) : test;
}

function conditionTest(c: TCondition): Predicate {
  switch (c.type) {
    case 'country': {
      const set = new Set(c.values.map((v) => v.toUpperCase()));
      return (f) => has(set, f.country());
    }
    case 'region':
    case 'city': {
      const [set, field] = [new Set(c.values.map((v) => v.toLowerCase())), c.type];
      return (f) => has(set, f[field]());
    }
    case 'device': {
      const set = new Set<string>(c.values);
      return (f) => set.has(f.agent().device);
    }
    case 'os': {
      const set = new Set(c.values.map(osKey));
      return (f) => {
        const os = f.agent().os;
        return os !== null && set.has(osKey(os));
      };
    }
    case 'browser': {
      const set = new Set(c.values.flatMap(browserNames));
      return (f) => has(set, f.agent().browser?.toLowerCase());
    }
    case 'language': {
      const matches = languageMatcher(c.values);
      return (f) => matches(f.language());
    }
    case 'query': {
      const { key, value } = c;
      if (c.op === 'present') return (f) => f.query().has(key);
      if (c.op === 'absent') return (f) => !f.query().has(key);
      return (f) => value !== undefined && f.query().getAll(key).includes(value);
    }
    case 'ip': {
      const list = blockList(c.values);
      return (f) => {
        const address = f.address();
        return address !== null && list.check(address);
      };
    }
    case 'time':
      return timeTest(c);
    case 'bot':
      return (f) => f.bot();
  }
}

/**
 * after: from that instant on; before: until that instant (excluded). from–to: local clock times,
 * `to` excluded; from later than to crosses midnight (22:00–06:00), its hours after midnight counting
 * for the day it started (for `days`); from equal to to is the whole day. All given parts must hold.
 */
function timeTest(c: Extract<TCondition, { type: 'time' }>): Predicate {
  const after = c.after === undefined ? -Infinity : Date.parse(c.after);
  const before = c.before === undefined ? Infinity : Date.parse(c.before);
  const days = c.days === undefined ? 0x7f : c.days.reduce((mask, d) => mask | (1 << WEEKDAYS.indexOf(d)), 0);
  const [from, to] = [c.from, c.to].map((t) => (t === undefined ? undefined : Number(t.slice(0, 2)) * 60 + Number(t.slice(3))));
  const onClock = c.days !== undefined || from !== undefined;
  const clock = onClock ? clockIn(c.timezone) : undefined;
  return (f) => {
    if (f.now < after || f.now >= before) return false;
    if (!onClock) return true;
    const at = clock?.at(f.now);
    if (!at) return false; // a zone the schema refuses (in a rule saved before it did) never matches
    let day = at.day;
    if (from !== undefined && to !== undefined && from !== to) {
      const m = at.minute;
      if (from < to ? m < from || m >= to : m < from && m >= to) return false;
      if (from > to && m < to) day = (day + 6) % 7; // the night began the day before
    }
    return (days & (1 << day)) !== 0;
  };
}

/** A time zone's weekday (0 = Monday) and minute of the day, read again only when the minute changes. */
class LocalClock {
  private stamp = Number.NaN;
  private readonly local = { day: 0, minute: 0 };
  constructor(private readonly format: Intl.DateTimeFormat) {}
  at(now: number): { day: number; minute: number } | null {
    if (!Number.isFinite(now)) return null;
    const stamp = Math.floor(now / 60_000);
    if (stamp !== this.stamp) {
      const parts = this.format.formatToParts(stamp * 60_000);
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      const day = WEEKDAYS.indexOf(part('weekday').toLowerCase() as (typeof WEEKDAYS)[number]);
      if (day === -1) return null;
      this.local.day = day;
      this.local.minute = (Number(part('hour')) % 24) * 60 + Number(part('minute'));
      this.stamp = stamp;
    }
    return this.local;
  }
}

/** One clock per canonical zone name (Intl reads "europe/paris" as Europe/Paris): a few hundred at most. */
const clocks = new Map<string, LocalClock>();

function clockIn(timeZone: string): LocalClock | undefined {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  } catch {
    return undefined;
  }
  const name = format.resolvedOptions().timeZone;
  let clock = clocks.get(name);
  if (!clock) clocks.set(name, (clock = new LocalClock(format)));
  return clock;
}
