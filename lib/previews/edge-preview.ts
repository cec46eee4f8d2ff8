// What the edge keeps of a link's social preview, with the link in its cache (cached-link.ts): the
// page's fields, ready to write, and the card's inputs. Loaded with the link in one query on a cache
// miss or reload (left join), so a link without a preview costs one null and the redirect nothing more.
import { eq, sql } from 'drizzle-orm';
import { linkPreviews, links, type LinkRow } from '../../db/schema';
import type { Db } from '../db/types';
import type { DomainRegistry } from '../domains/domain-registry';
import { previewAssetUrl, previewVersion } from './preview-urls';

export interface EdgePreview {
  title: string;
  description: string | null;
  /** og:image: the owner's https URL, else /_og/<code>.png on the short link's domain. */
  imageUrl: string;
  /** The /_og/<code>.png answer is the generated card (no upload, no URL). */
  generated: boolean;
  /** An uploaded image is served at /_og/<code>.png. */
  uploaded: boolean;
  shortUrl: string;
  /** The short link's host, drawn on the card. */
  host: string;
  /** Changes with every edit of the preview (ETag and ?v=). */
  version: string;
}

export type LinkRowWithPreview = LinkRow & { preview: EdgePreview | null };

/** One code the edge wants, on one domain. */
export interface LinkRequest {
  domainId: number;
  code: string;
}

/**
 * The edge cache's loader, batched: for each requested code, the link as getLinkByCode finds it
 * (its current code first, else a code it had before a rename: link_aliases) with its preview, in
 * ONE query for the whole batch, answered in the order asked (undefined: no such link). The cache
 * gathers codes asked for together (a wave of stale entries, a cold pass) into one call
 * (lib/edge/link-cache.ts): one statement's fixed cost (parse, plan, round trip, the client's work on
 * the main thread) instead of one per code.
 */
export function edgeLinksLoader(db: Db, domains: () => Pick<DomainRegistry, 'byId' | 'defaultDomain' | 'shortUrl'>) {
  return async (requests: readonly LinkRequest[]): Promise<Array<LinkRowWithPreview | undefined>> => {
    if (requests.length === 0) return [];
    // Codes are compared lower-cased, as the unique indexes on lower(short_code) and lower(code) hold them.
    const domainIds = sql.param(requests.map((r) => r.domainId));
    const codes = sql.param(requests.map((r) => r.code.toLowerCase()));
    // Per requested code, the link holding it now, else the link that held it before a rename
    // (order by pri: the current code wins, as in getLinkByCode).
    const holder = sql`(SELECT c.id FROM (
        SELECT l.id, 0 AS pri FROM links l WHERE l.domain_id = w.domain_id AND lower(l.short_code) = w.code
        UNION ALL
        SELECT a.link_id, 1 FROM link_aliases a WHERE a.domain_id = w.domain_id AND lower(a.code) = w.code
      ) c ORDER BY c.pri LIMIT 1) AS m`;
    const rows = await db
      .select({
        i: sql<number>`w.i::int`,
        link: links,
        title: linkPreviews.title,
        description: linkPreviews.description,
        imageUrl: linkPreviews.imageUrl,
        imageType: linkPreviews.imageType,
        updatedAt: linkPreviews.updatedAt,
      })
      .from(sql`unnest(${domainIds}::int[], ${codes}::text[]) WITH ORDINALITY AS w(domain_id, code, i)`)
      .innerJoinLateral(holder, sql`true`)
      .innerJoin(links, eq(links.id, sql`m.id`))
      .leftJoin(linkPreviews, eq(linkPreviews.linkId, links.id));
    const found: Array<LinkRowWithPreview | undefined> = new Array(requests.length).fill(undefined);
    const registry = domains();
    for (const row of rows) found[Number(row.i) - 1] = withPreview(row, registry);
    return found;
  };
}

/** One code at a time: the batched loader with a batch of one. */
export function edgeLinkLoader(db: Db, domains: () => Pick<DomainRegistry, 'byId' | 'defaultDomain' | 'shortUrl'>) {
  const many = edgeLinksLoader(db, domains);
  return async (domainId: number, code: string): Promise<LinkRowWithPreview | undefined> => (await many([{ domainId, code }]))[0];
}

interface LinkWithPreviewColumns {
  link: LinkRow;
  title: string | null;
  description: string | null;
  imageUrl: string | null;
  imageType: string | null;
  updatedAt: Date | null;
}

function withPreview(row: LinkWithPreviewColumns, registry: Pick<DomainRegistry, 'byId' | 'defaultDomain' | 'shortUrl'>): LinkRowWithPreview {
  if (row.title === null || row.updatedAt === null) return { ...row.link, preview: null };
  const domain = registry.byId(row.link.domainId) ?? registry.defaultDomain;
  const shortUrl = registry.shortUrl(domain, row.link.shortCode);
  const asset = previewAssetUrl(shortUrl, row.link.shortCode, row.updatedAt);
  return {
    ...row.link,
    preview: {
      title: row.title,
      description: row.description,
      imageUrl: row.imageUrl ?? asset,
      generated: row.imageUrl === null && row.imageType === null,
      uploaded: row.imageUrl === null && row.imageType !== null,
      shortUrl,
      host: new URL(shortUrl).host,
      version: previewVersion(row.updatedAt),
    },
  };
}

/** Rough retained size, for the link cache's byte bound. */
export function edgePreviewSize(p: EdgePreview | null): number {
  if (p === null) return 0;
  return 120 + 2 * (p.title.length + (p.description?.length ?? 0) + p.imageUrl.length + p.shortUrl.length + p.host.length + p.version.length);
}
