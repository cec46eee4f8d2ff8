// Public addresses of a link's preview images, on the short link's own domain (so they answer on a
// custom domain too): /_og/<code>.png is the uploaded image if there is one, else the generated card.
// ?v= changes with every edit, so unfurlers and browsers that cached the old image fetch the new one.

export const PREVIEW_ASSET_PREFIX = '/_og/';

/** `shortUrl` is the link's short URL (…/<code>); the asset sits beside it. */
export function previewAssetUrl(shortUrl: string, code: string, updatedAt: Date | number): string {
  const prefix = shortUrl.slice(0, shortUrl.length - code.length - 1);
  return `${prefix}${PREVIEW_ASSET_PREFIX}${code}.png?v=${previewVersion(updatedAt)}`;
}

export function previewVersion(updatedAt: Date | number): string {
  return new Date(updatedAt).getTime().toString(36);
}

const ASSET = /^\/_og\/([A-Za-z0-9_-]{1,50})\.png(?:\?|$)/;

/** The code of a /_og/<code>.png request, or null for any other path. */
export function parsePreviewAssetPath(url: string | undefined): string | null {
  if (!url?.startsWith(PREVIEW_ASSET_PREFIX)) return null;
  return ASSET.exec(url)?.[1] ?? null;
}
