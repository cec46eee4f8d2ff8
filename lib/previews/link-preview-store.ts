// A link's social preview: set, changed or removed with the link's own create/update (the caller
// has found the link inside the actor's workspace scope), the uploaded image saved and removed on
// its own route, and read back for the API answers. Every write carries the workspace in its
// `where` and announces the link's cache key, so every edge drops its cached copy (the edge keeps
// the preview's text with the link: bots get the page without a query).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { linkPreviews, type LinkRow } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import type { DbHandle, Db, Tx } from '../db/types';
import type { DomainRegistry } from '../domains/domain-registry';
import { AppError } from '../core/errors';
import { runCpuTask } from '../runtime/run-cpu-task';
import { checkPreviewImageTask } from './preview-tasks';
import type { LinkPreviewInput, LinkPreviewJson } from './link-preview-schema';
import type { PreviewImageType } from './preview-image';
import { previewAssetUrl } from './preview-urls';
import { ownedBy } from '../tenancy/scope';

/** The preview without the image bytes. */
export interface LinkPreview {
  linkId: number;
  title: string;
  description: string | null;
  imageUrl: string | null;
  imageType: PreviewImageType | null;
  updatedAt: Date;
}

const COLUMNS = {
  linkId: linkPreviews.linkId,
  title: linkPreviews.title,
  description: linkPreviews.description,
  imageUrl: linkPreviews.imageUrl,
  imageType: linkPreviews.imageType,
  updatedAt: linkPreviews.updatedAt,
};

type Link = Pick<LinkRow, 'id' | 'workspaceId' | 'domainId' | 'shortCode'>;

const scoped = (link: Link) => and(eq(linkPreviews.linkId, link.id), ownedBy(linkPreviews, link.workspaceId));

export async function findPreview(db: Db, link: Link): Promise<LinkPreview | undefined> {
  const [row] = await db.select(COLUMNS).from(linkPreviews).where(scoped(link)).limit(1);
  return row as LinkPreview | undefined;
}

/** The previews of several links of one workspace (the list), by link id. */
export async function findPreviews(db: Db, workspaceId: string, linkIds: number[]): Promise<Map<number, LinkPreview>> {
  if (linkIds.length === 0) return new Map();
  const rows = await db
    .select(COLUMNS)
    .from(linkPreviews)
    .where(and(inArray(linkPreviews.linkId, linkIds), ownedBy(linkPreviews, workspaceId)));
  return new Map(rows.map((r) => [r.linkId, r as LinkPreview]));
}

/** Sets (input) or removes (null) the preview; `image: undefined` keeps the current image. */
export async function applyPreview(handle: DbHandle, link: Link, input: LinkPreviewInput | null): Promise<LinkPreview | undefined> {
  return announced(handle, link, async (tx) => {
    if (input === null) {
      await tx.delete(linkPreviews).where(scoped(link));
      return undefined;
    }
    const image = input.image === undefined ? {} : { imageUrl: input.image, imageType: null, imageData: null };
    const [row] = await tx
      .insert(linkPreviews)
      .values({ linkId: link.id, workspaceId: link.workspaceId, title: input.title, description: input.description, ...image })
      .onConflictDoUpdate({
        target: linkPreviews.linkId,
        set: { title: input.title, description: input.description, ...image, updatedAt: sql`now()` },
        setWhere: ownedBy(linkPreviews, link.workspaceId),
      })
      .returning(COLUMNS);
    return row as LinkPreview | undefined;
  });
}

/** Stores an uploaded image (read by the operation; checked in the CPU pool) in place of any image URL; the preview must exist. */
export async function saveUploadedImage(handle: DbHandle, link: Link, data: Buffer): Promise<LinkPreview> {
  const imageType = await runCpuTask(checkPreviewImageTask, data);
  const row = await announced(handle, link, async (tx) => {
    const [row] = await tx
      .update(linkPreviews)
      .set({ imageType, imageData: data, imageUrl: null, updatedAt: sql`now()` })
      .where(scoped(link))
      .returning(COLUMNS);
    return row as LinkPreview | undefined;
  });
  if (!row)
    throw new AppError('invalid_request', 'Give the link a social preview (at least a title) before uploading its image.', { preview: 'Set a title first.' });
  return row;
}

/** Back to the generated card (nothing to remove is fine). */
export async function removeUploadedImage(handle: DbHandle, link: Link): Promise<void> {
  await announced(handle, link, (tx) =>
    tx
      .update(linkPreviews)
      .set({ imageType: null, imageData: null, updatedAt: sql`now()` })
      .where(and(scoped(link), sql`${linkPreviews.imageType} IS NOT NULL`)),
  );
}

/** The uploaded image's bytes, for serving (the edge has found the link on the visited domain). */
export async function findUploadedImage(db: Db, linkId: number): Promise<{ type: PreviewImageType; data: Buffer } | undefined> {
  const [row] = await db
    .select({ type: linkPreviews.imageType, data: linkPreviews.imageData })
    .from(linkPreviews)
    .where(eq(linkPreviews.linkId, linkId))
    .limit(1);
  return row?.type && row.data ? { type: row.type as PreviewImageType, data: row.data } : undefined;
}

export function previewJson(preview: LinkPreview | undefined, link: Link, domains: DomainRegistry): LinkPreviewJson | null {
  if (!preview) return null;
  const domain = domains.byId(link.domainId) ?? domains.defaultDomain;
  const asset = previewAssetUrl(domains.shortUrl(domain, link.shortCode), link.shortCode, preview.updatedAt);
  const source = preview.imageUrl ? 'url' : preview.imageType ? 'upload' : 'generated';
  return {
    title: preview.title,
    description: preview.description,
    image: source === 'url' ? preview.imageUrl : source === 'upload' ? asset : null,
    image_source: source,
    image_url: preview.imageUrl ?? asset,
  };
}

/** Runs the write in a transaction that announces the link's cache key, then announces it here too. */
async function announced<T>(handle: DbHandle, link: Link, write: (tx: Tx) => Promise<T>): Promise<T> {
  const key = linkKey(link.domainId, link.shortCode);
  const result = await handle.db.transaction(async (tx) => {
    const r = await write(tx);
    await invalidationBus().publishIn(tx, key);
    return r;
  });
  invalidationBus().publish(key, { sentInTransaction: true });
  return result;
}
