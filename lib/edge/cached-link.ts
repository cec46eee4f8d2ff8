// What the edge keeps per code: just enough to decide and answer without the database.
import type { LinkRow } from '../../db/schema';
import type { SelfAddress } from '../domains/self-address';
import { edgePreviewSize, type EdgePreview } from '../previews/edge-preview';
import type { Outcome } from './decide-outcome';
import { redirectHeaders } from './respond';

export type CachedLink =
  | {
      kind: 'link';
      id: number;
      /** Destination without its #fragment (the visit's query string goes before the fragment). */
      base: string;
      /** "#fragment" or ''. */
      hash: string;
      /** The destination as stored, the Location when the visit has no query string. */
      location: string;
      redirectStatus: number;
      state: string;
      isProtected: boolean;
      /** For checking unlock cookies (their signature covers it); null when not protected. */
      passwordHash: string | null;
      /** Epoch ms, or null. */
      expiresAt: number | null;
      maxClicks: number | null;
      /** Clicks when loaded plus this instance's counted redirects since, for a limited link (other instances' show up on reload). */
      clicks: number;
      /** Whether the visit's query string is added to the destination (the link's forward_query). */
      forwardQuery: boolean;
      /** The destination leads back to Sling itself (stored before loop protection caught it): never followed. */
      loops: boolean;
      /** The social preview link-preview bots are shown (lib/previews), or null: bots get the redirect too. */
      preview: EdgePreview | null;
      /** The scanner's reason, shown on the safety pages (blocked, review); null when none. */
      safetyReason: string | null;
      /** The redirect of a visit without a query string, headers included: made once, sent as is. */
      redirect: Extract<Outcome, { kind: 'redirect' }>;
    }
  /** An unknown code, remembered until its cache slot goes stale (link-cache.ts). */
  | { kind: 'missing' };

/** `self` judges the destination once, here, so the edge's per-visit check is one boolean. */
export function toCachedLink(row: LinkRow & { preview?: EdgePreview | null }, self?: Pick<SelfAddress, 'loops'>): CachedLink {
  const h = row.longUrl.indexOf('#');
  const redirect = { kind: 'redirect', status: row.redirectStatus, location: row.longUrl, linkId: row.id, headers: redirectHeaders(row.longUrl) } as const;
  return {
    kind: 'link',
    id: row.id,
    base: h === -1 ? row.longUrl : row.longUrl.slice(0, h),
    hash: h === -1 ? '' : row.longUrl.slice(h),
    location: row.longUrl,
    redirectStatus: row.redirectStatus,
    state: row.status,
    isProtected: row.passwordHash !== null,
    passwordHash: row.passwordHash,
    expiresAt: row.expiresAt ? new Date(row.expiresAt).getTime() : null,
    maxClicks: row.maxClicks,
    clicks: Number(row.clicks),
    forwardQuery: row.forwardQuery,
    loops: self?.loops(row.longUrl) ?? false,
    preview: row.preview ?? null,
    safetyReason: row.safetyReason ?? null,
    redirect,
  };
}

/** Rough retained size in bytes, for the cache's byte bound. */
export function cachedLinkSize(entry: CachedLink): number {
  return entry.kind === 'link'
    ? 240 + 2 * (entry.base.length + entry.hash.length + entry.location.length + (entry.safetyReason?.length ?? 0)) + edgePreviewSize(entry.preview)
    : 64;
}
