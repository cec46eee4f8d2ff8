// Which of a link's rules a visit takes, on the redirect path: the first whose conditions all hold.
// What a condition asks about the visit (its agent parsed, its place looked up, its Accept-Language
// or query string read) is worked out when a condition first asks, at most once a visit, so a link
// whose rules only read the query string never parses the agent nor looks the address up.
import { isIP, SocketAddress } from 'node:net';
import { isBotAgent } from '../../analytics/bot-agent';
import type { Geo, GeoIp } from '../../analytics/geoip';
import { type Agent, parseAgent } from '../../analytics/parse-agent';
import { boundedMemo } from '../../core/bounded-memo';
import { preferredLanguage } from './accept-language';
import type { CompiledRules, Predicate, VisitFacts } from './compile-rules';

/** A visit as the edge sees it (no HTTP objects). */
export interface Visit {
  /** The client's address (IPv4, IPv6, or IPv4-mapped IPv6). */
  ip: string;
  userAgent: string | undefined;
  /** The Accept-Language header. */
  acceptLanguage: string | undefined;
  /** The raw query string, without its '?'. */
  query: string;
  /** Epoch ms. */
  now: number;
}

/**
 * The index of the first rule the visit satisfies, or -1 (the link's own destination). `geo` answers
 * country, region and city conditions; without it, or for an address it does not know, they do not
 * hold (a `not` one does). The edge loads GeoIP only when `compiled.geo` says a condition asks.
 */
export function matchRule(compiled: CompiledRules, visit: Visit, geo?: GeoIp): number {
  const rules = compiled.rules;
  if (rules.length === 0) return -1;
  const facts = new Facts(visit, geo);
  for (let i = 0; i < rules.length; i++) if (allHold(rules[i].conditions, facts)) return i;
  return -1;
}

function allHold(conditions: readonly Predicate[], facts: Facts): boolean {
  for (let i = 0; i < conditions.length; i++) if (!conditions[i](facts)) return false;
  return true;
}

/**
 * The visitor's address as BlockList checks it: making a SocketAddress costs 1–2 µs, the check
 * 50 ns, and a visitor's address repeats (several links, several visits), so the last 1,024 are kept.
 */
const addressOf = boundedMemo((ip) => {
  const version = isIP(ip);
  if (version === 0) return null;
  try {
    return new SocketAddress({ address: ip, family: version === 4 ? 'ipv4' : 'ipv6' });
  } catch {
    return null;
  }
}, 1024);

/**
 * A GeoIP lookup costs 2–4 µs, most of a ruled redirect's extra work, and visitors come back (several
 * links, several visits): the last 4,096 addresses' places are kept, per reader.
 */
const places = new WeakMap<GeoIp, (ip: string) => Geo>();
function placeOf(geo: GeoIp, ip: string): Geo {
  let lookup = places.get(geo);
  if (lookup === undefined) places.set(geo, (lookup = boundedMemo((a) => geo.lookup(a), 4096)));
  return lookup(ip);
}

/** One visit's facts, each computed on first use (undefined: not yet). */
class Facts implements VisitFacts {
  readonly now: number;
  private agentFact: Agent | undefined = undefined;
  private botFact: boolean | undefined = undefined;
  private placeFact: Geo | null | undefined = undefined;
  private regionFact: string | null | undefined = undefined;
  private cityFact: string | null | undefined = undefined;
  private languageFact: string | null | undefined = undefined;
  private queryFact: URLSearchParams | undefined = undefined;
  private addressFact: SocketAddress | null | undefined = undefined;

  constructor(
    private readonly visit: Visit,
    private readonly geo: GeoIp | undefined,
  ) {
    this.now = visit.now;
  }

  agent(): Agent {
    return (this.agentFact ??= parseAgent(this.visit.userAgent));
  }

  /** The bot check alone is cheaper than a parse (parseAgent makes the same one). */
  bot(): boolean {
    return (this.botFact ??= this.agentFact?.bot ?? isBotAgent(this.visit.userAgent));
  }

  /** One lookup for country, region and city; the names lower-cased only when a condition asks for them. */
  private place(): Geo | null {
    if (this.placeFact === undefined) this.placeFact = this.geo === undefined ? null : placeOf(this.geo, this.visit.ip);
    return this.placeFact;
  }

  country(): string | null {
    return this.place()?.country ?? null;
  }

  region(): string | null {
    if (this.regionFact === undefined) this.regionFact = this.place()?.region?.toLowerCase() ?? null;
    return this.regionFact;
  }

  city(): string | null {
    if (this.cityFact === undefined) this.cityFact = this.place()?.city?.toLowerCase() ?? null;
    return this.cityFact;
  }

  language(): string | null {
    if (this.languageFact === undefined) this.languageFact = preferredLanguage(this.visit.acceptLanguage);
    return this.languageFact;
  }

  query(): URLSearchParams {
    return (this.queryFact ??= new URLSearchParams(this.visit.query));
  }

  address(): SocketAddress | null {
    if (this.addressFact === undefined) this.addressFact = addressOf(this.visit.ip);
    return this.addressFact;
  }
}
