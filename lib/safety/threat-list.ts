// The threat lists in memory: listed URLs and hosts (normalised), looked up by hash. A host entry
// covers its subdomains; a URL entry matches that address exactly (scheme and fragment aside).
import { HashSet64 } from './hash-set64';
import { hostAndParents, normalizeHost, normalizeUrl } from './normalize-url';

export type ThreatKind = 'url' | 'host';

export interface ThreatMatch {
  kind: ThreatKind;
  /** The listed value that matched (a normalised URL, or a host). */
  value: string;
  /** The feed that listed it. */
  source: string;
}

export class ThreatList {
  private set: HashSet64;
  private sources: string[] = [];
  private sourceIndex = new Map<string, number>();

  constructor(expected = 1024) {
    this.set = new HashSet64(expected);
  }

  get size(): number {
    return this.set.size;
  }

  get bytes(): number {
    return this.set.bytes;
  }

  /** Adds an already normalised entry. */
  add(kind: ThreatKind, value: string, source: string): void {
    let n = this.sourceIndex.get(source);
    if (n === undefined) {
      // More than 255 feeds share the last number (their name is then approximate in reasons).
      n = Math.min(this.sources.length, 255);
      if (n === this.sources.length) this.sources.push(source);
      this.sourceIndex.set(source, n);
    }
    this.set.add(key(kind, value), n);
  }

  /** The list entry `url` hits (its exact address first, then its host or a parent domain), or null. */
  match(url: string): ThreatMatch | null {
    const normal = normalizeUrl(url);
    if (normal === null) return null;
    const n = this.set.get(key('url', normal));
    if (n !== -1) return { kind: 'url', value: normal, source: this.sources[n] };
    return this.matchHost(new URL(url).hostname);
  }

  matchHost(hostname: string): ThreatMatch | null {
    const host = normalizeHost(hostname);
    if (host === null) return null;
    for (const h of hostAndParents(host)) {
      const n = this.set.get(key('host', h));
      if (n !== -1) return { kind: 'host', value: h, source: this.sources[n] };
    }
    return null;
  }
}

function key(kind: ThreatKind, value: string): string {
  return kind === 'url' ? `u ${value}` : `h ${value}`;
}
