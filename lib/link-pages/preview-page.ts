// The page a link-preview bot gets for a link with a social preview: Open Graph and Twitter card
// tags (title, description, absolute image URL, the short URL) and a plain link to the destination
// for any reader that shows the body. Loads nothing and runs nothing; no cookie.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from './page-html';
import type { EdgePreview } from '../previews/edge-preview';
import { isPreviewBot } from '../previews/preview-bots';

const HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, max-age=0',
  'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
};

export function previewPageHtml(preview: EdgePreview, destination: string): string {
  const meta = (attr: 'property' | 'name', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const description = preview.description ?? '';
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', preview.host),
    meta('property', 'og:title', preview.title),
    ...(description ? [meta('property', 'og:description', description), meta('name', 'description', description)] : []),
    meta('property', 'og:url', preview.shortUrl),
    meta('property', 'og:image', preview.imageUrl),
    ...(preview.generated
      ? [meta('property', 'og:image:width', '1200'), meta('property', 'og:image:height', '630'), meta('property', 'og:image:type', 'image/png')]
      : []),
    meta('property', 'og:image:alt', preview.title),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    ...(description ? [meta('name', 'twitter:description', description)] : []),
    meta('name', 'twitter:image', preview.imageUrl),
  ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(preview.title)}</title>${tags.join('')}</head><body><p><a href="${escapeHtml(destination)}">${escapeHtml(preview.title)}</a></p></body></html>`;
}

export function respondPreviewPage(res: ServerResponse, preview: EdgePreview, destination: string): void {
  const body = previewPageHtml(preview, destination);
  res.writeHead(200, { ...HEADERS, 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/** The edge's step for a link with a preview: answers a link-preview bot with the page (true), or leaves the visit to the redirect (false). */
export function answerPreviewBot(req: IncomingMessage, res: ServerResponse, preview: EdgePreview, destination: string): boolean {
  if (!isPreviewBot(req.headers['user-agent'])) return false;
  respondPreviewPage(res, preview, destination);
  return true;
}
