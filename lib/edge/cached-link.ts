// What the edge keeps per code: just enough to decide and answer without the database.
import type { LinkRow } from '../../db/schema';
import type { SelfAddress } from '../domains/self-address';
import { edgePreviewSize, type EdgePreview } from '../previews/edge-preview';
import { compileRules, type CompiledRules } from './rules/compile-rules';
import { storedRules } from '../link-rules/rule-schema';
import { storedAbTest } from '../link-rules/ab-test-schema';
import type { Outcome } from './decide-outcome';
import { redirectHeaders } from './respond';
import { appLinkScheme } from '../core/url-scheme';

/** Where a visit goes: the link's own destination, or one of its rules'. */
export interface Destination {
  /** The destination without its #fragment (the visit's query string goes before the fragment). */
  base: string;
  /** "#fragment" or ''. */
  hash: string;
  /** The destination as stored, the Location when the visit has no query string. */
  location: string;
  /** The redirect of a visit without a query string, headers included: made once, sent as is. */
  redirect: Extract<Outcome, { kind: 'redirect' }>;
  /** An app link (myapp://…): the visitor gets the app page, which tries it, never a redirect. */
  app: boolean;
}

/** Where iOS and Android visitors go (ios_url, android_url), and where each platform's app page falls back. */
export interface CachedPlatforms {
  ios: Destination | null;
  android: Destination | null;
  iosFallback: string | null;
  androidFallback: string | null;
}

/** A running A/B test as the edge draws from it: each variant's destination made ready, with its share. */
export interface CachedTest {
  /** `upTo`: the cumulative weight (1–100) a draw in [0, 100) must be under to land on this variant. */
  variants: Array<Destination & { id: string; upTo: number }>;
}

/** A link's routing rules as the edge matches them: compiled once, each rule's destination made ready. */
export interface CachedRules {
  compiled: CompiledRules;
  /** In the rules' order; `loops` as the link's own; `test` for a rule that sends its visitors into the A/B test. */
  targets: Array<(Destination & { loops: boolean; test?: undefined }) | { test: true; loops: false }>;
  /** Some rule sends its visitors into the test: then it splits only theirs, others go to the url. */
  toTest: boolean;
}

export type CachedLink =
  | (Destination & {
      kind: 'link';
      id: number;
      redirectStatus: number;
      state: string;
      isProtected: boolean;
      /** For checking unlock cookies (their signature covers it); null when not protected. */
      passwordHash: string | null;
      /** Epoch ms, or null. */
      expiresAt: number | null;
      /** Epoch ms before which visitors get the "not yet" page, or null. */
      startsAt: number | null;
      /** Where visitors of the expired link go instead of the "Link Expired" page (the link's own; the domain's is the edge's). */
      expiredUrl: string | null;
      maxClicks: number | null;
      /** Visits towards max_clicks when loaded (people's, and bots' for a count_bots link) plus this instance's since, for a limited link (other instances' show up on reload). */
      clicks: number;
      /** Bots' visits use up max_clicks too (count_bots). */
      countBots: boolean;
      /** Whether the visit's query string is added to the destination (the link's forward_query). */
      forwardQuery: boolean;
      /** The destination leads back to Sling itself (stored before loop protection caught it): never followed. */
      loops: boolean;
      /** The social preview link-preview bots are shown (lib/previews), or null: bots get the redirect too. */
      preview: EdgePreview | null;
      /** The scanner's reason, shown on the safety pages (blocked, review); null when none. */
      safetyReason: string | null;
      /** Routing rules (lib/link-rules), or null when the link has none. */
      rules: CachedRules | null;
      /** The running A/B test, or null (none, or ended: its winner is the destination). */
      test: CachedTest | null;
      /** Platform destinations, or null when the link has none (ios_url, android_url and their fallbacks all unset). */
      platforms: CachedPlatforms | null;
    })
  /** An unknown code, remembered until its cache slot goes stale (link-cache.ts). */
  | { kind: 'missing' };

/** `self` judges the destination once, here, so the edge's per-visit check is one boolean. */
export function toCachedLink(row: LinkRow & { preview?: EdgePreview | null }, self?: Pick<SelfAddress, 'loops'>): CachedLink {
  const own = destination(row.longUrl, row.redirectStatus, row.id);
  return {
    kind: 'link',
    id: row.id,
    ...own,
    redirectStatus: row.redirectStatus,
    state: row.status,
    isProtected: row.passwordHash !== null,
    passwordHash: row.passwordHash,
    expiresAt: row.expiresAt ? new Date(row.expiresAt).getTime() : null,
    startsAt: row.startsAt ? new Date(row.startsAt).getTime() : null,
    expiredUrl: row.expiredUrl ?? null,
    maxClicks: row.maxClicks,
    clicks: Number(row.clicks) + (row.countBots ? Number(row.botClicks) : 0),
    countBots: row.countBots,
    forwardQuery: row.forwardQuery,
    loops: self?.loops(row.longUrl) ?? false,
    preview: row.preview ?? null,
    safetyReason: row.safetyReason ?? null,
    rules: row.rules?.length ? cachedRules(row, self) : null,
    test: cachedTest(row),
    platforms: cachedPlatforms(row),
  };
}

function cachedPlatforms(row: LinkRow): CachedPlatforms | null {
  const { iosUrl, androidUrl, iosFallbackUrl, androidFallbackUrl } = row;
  if (!iosUrl && !androidUrl && !iosFallbackUrl && !androidFallbackUrl) return null;
  return {
    ios: iosUrl ? destination(iosUrl, row.redirectStatus, row.id) : null,
    android: androidUrl ? destination(androidUrl, row.redirectStatus, row.id) : null,
    iosFallback: iosFallbackUrl ?? null,
    androidFallback: androidFallbackUrl ?? null,
  };
}

function cachedTest(row: LinkRow): CachedTest | null {
  const test = storedAbTest(row.abTest);
  if (test === null || test.ended_at !== null) return null;
  let upTo = 0;
  return {
    variants: test.variants.map((v) => ({ ...destination(v.url, row.redirectStatus, row.id, undefined, v.id), id: v.id, upTo: (upTo += v.weight) })),
  };
}

function destination(url: string, status: number, linkId: number, rule?: string, variant?: string): Destination {
  const h = url.indexOf('#');
  return {
    base: h === -1 ? url : url.slice(0, h),
    hash: h === -1 ? '' : url.slice(h),
    location: url,
    app: appLinkScheme(url) !== null,
    redirect: {
      kind: 'redirect',
      status,
      location: url,
      linkId,
      headers: redirectHeaders(url),
      ...(rule === undefined ? {} : { rule }),
      ...(variant === undefined ? {} : { variant }),
    },
  };
}

function cachedRules(row: LinkRow, self?: Pick<SelfAddress, 'loops'>): CachedRules {
  return {
    compiled: compileRules(storedRules(row.rules)),
    targets: row.rules.map((r) =>
      r.url === undefined
        ? { test: true as const, loops: false as const }
        : { ...destination(r.url, row.redirectStatus, row.id, r.id), loops: self?.loops(r.url) ?? false },
    ),
    toTest: row.rules.some((r) => r.ab_test === true),
  };
}

/** Rough retained size in bytes, for the cache's byte bound. */
export function cachedLinkSize(entry: CachedLink): number {
  return entry.kind === 'link'
    ? 240 +
        2 * (entry.base.length + entry.hash.length + entry.location.length + (entry.safetyReason?.length ?? 0)) +
        edgePreviewSize(entry.preview) +
        (entry.rules === null ? 0 : rulesSize(entry.rules)) +
        (entry.test === null ? 0 : entry.test.variants.reduce((n, v) => n + 200 + 6 * v.location.length, 0)) +
        (entry.platforms === null ? 0 : platformsSize(entry.platforms))
    : 64;
}

/** Each platform's destination made ready (as a variant's) and the two fallbacks. */
function platformsSize(p: CachedPlatforms): number {
  let size = 120 + 2 * ((p.iosFallback?.length ?? 0) + (p.androidFallback?.length ?? 0));
  for (const d of [p.ios, p.android]) if (d !== null) size += 200 + 6 * d.location.length;
  return size;
}

/** Per rule its destination three times over and its predicates, about 1 KB for a few conditions. */
function rulesSize(rules: CachedRules): number {
  let size = 0;
  for (const t of rules.targets) size += 1024 + (t.test ? 0 : 6 * t.location.length);
  return size;
}
