// What the edge keeps of a link's social preview, with the link in its cache (cached-link.ts): the
// page's fields, ready to write, and the card's inputs. Loaded with the link in one query on a cache
// miss (left join), so a link without a preview costs one null and the redirect nothing more.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getLinkByPreviousCode } from '../links/previous-codes';
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

/** The edge cache's loader: the link (as getLinkByCode finds it, old codes of renamed links too) with its preview. */
export function edgeLinkLoader(db: Db, domains: () => Pick<DomainRegistry, 'byId' | 'defaultDomain' | 'shortUrl'>) {
  const select = (where: SQL | undefined) =>
    db
      .select({
        link: links,
        title: linkPreviews.title,
        description: linkPreviews.description,
        imageUrl: linkPreviews.imageUrl,
        imageType: linkPreviews.imageType,
        updatedAt: linkPreviews.updatedAt,
      })
      .from(links)
      .leftJoin(linkPreviews, eq(linkPreviews.linkId, links.id))
      .where(where)
      .limit(1);
  return async (domainId: number, code: string): Promise<LinkRowWithPreview | undefined> => {
    let [row] = await select(and(eq(links.domainId, domainId), sql`lower(${links.shortCode}) = ${code.toLowerCase()}`));
    if (!row) {
      // A code the link had before a rename still leads to it (its current code won above).
      const renamed = await getLinkByPreviousCode(db, domainId, code);
      if (renamed) [row] = await select(eq(links.id, renamed.id));
    }
    if (!row) return undefined;
    if (row.title === null || row.updatedAt === null) return { ...row.link, preview: null };
    const registry = domains();
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
  };
}

/** Rough retained size, for the link cache's byte bound. */
export function edgePreviewSize(p: EdgePreview | null): number {
  if (p === null) return 0;
  return 120 + 2 * (p.title.length + (p.description?.length ?? 0) + p.imageUrl.length + p.shortUrl.length + p.host.length + p.version.length);
}
