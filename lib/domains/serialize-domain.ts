// The public domain shape of every API: status, the records to add (with the last check's findings),
// and the domain's settings.
import { parse } from 'tldts';
import type { DomainRow, RecordCheck } from '../../db/schema';
import { expectedRecords, type RecordSettings } from './domain-records';

export interface DomainJson {
  id: number;
  hostname: string;
  status: DomainRow['status'];
  /** Why the status is what it is, when it is not evident (an expired claim: not proven in time, or verified by another workspace). */
  status_reason: string | null;
  /** The operator's shared domain (BASE_URL): usable by every workspace, managed by none. */
  shared: boolean;
  /** New links of the workspace go here when no domain_id is given. */
  default: boolean;
  not_found_url: string | null;
  /** Where expired links on the domain send visitors when they have no expired_url of their own. */
  expired_url: string | null;
  root_redirect_url: string | null;
  /** Served at /.well-known/apple-app-site-association on the domain (lib/domains/app-association.ts). */
  apple_app_site_association: Record<string, unknown> | null;
  /** Served at /.well-known/assetlinks.json on the domain. */
  asset_links: Array<Record<string, unknown>> | null;
  /** What the root answers: the landing page, the redirect, or Sling's page. */
  root_behavior: DomainRow['rootBehavior'];
  /** What to add at the DNS provider; after a check, each with status (found, missing, wrong) and what was seen. */
  records: Array<Omit<RecordCheck, 'status' | 'seen'> & Partial<Pick<RecordCheck, 'status' | 'seen' | 'error'>>>;
  verified_at: string | null;
  last_checked_at: string | null;
  /** When the background check looks again; null once verified or after 72 hours. */
  next_check_at: string | null;
  created_at: string;
  updated_at: string;
}

export function serializeDomain(d: DomainRow, settings: RecordSettings): DomainJson {
  const registrable = parse(d.hostname, { allowPrivateDomains: true }).domain ?? d.hostname;
  const checked = new Map((d.lastCheck ?? []).map((r) => [`${r.type} ${r.name}`, r]));
  const records = d.isDefault
    ? []
    : expectedRecords(d, registrable, settings).map((r) => {
        const seen = checked.get(`${r.type} ${r.name}`);
        // A check of other expected values (LINK_HOST changed since) says nothing about these.
        return seen && seen.value === r.value ? { ...r, status: seen.status, seen: seen.seen, ...(seen.error ? { error: seen.error } : {}) } : r;
      });
  return {
    id: d.id,
    hostname: d.hostname,
    status: d.status,
    status_reason: d.statusReason,
    shared: d.isDefault,
    default: d.workspaceDefault,
    not_found_url: d.notFoundUrl,
    expired_url: d.expiredUrl,
    root_redirect_url: d.rootRedirectUrl,
    apple_app_site_association: d.appleAppSiteAssociation ?? null,
    asset_links: d.assetLinks ?? null,
    root_behavior: d.rootBehavior,
    records,
    verified_at: iso(d.verifiedAt),
    last_checked_at: iso(d.lastCheckedAt),
    next_check_at: iso(d.nextCheckAt),
    created_at: iso(d.createdAt)!,
    updated_at: iso(d.updatedAt)!,
  };
}

function iso(d: Date | string | null): string | null {
  return d === null ? null : new Date(d).toISOString();
}
