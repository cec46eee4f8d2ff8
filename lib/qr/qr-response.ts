// The QR endpoint's answer: the rendered code with its type, a download filename and an ETag, or
// 304 when the client already has it (the code depends only on the URL and the options).
import { createHash } from 'node:crypto';
import type { LinkRow } from '../../db/schema';
import type { DomainRegistry } from '../domains/domain-registry';
import { serializeLink } from '../links/serialize-link';
import { parseQrOptions } from './qr-options';
import { qrUrl, renderQr } from './render-qr';

export async function qrResponse(req: Request, link: LinkRow, domains: DomainRegistry): Promise<Response> {
  const opts = parseQrOptions(new URL(req.url).searchParams);
  const text = qrUrl(serializeLink(link, domains).short_url);
  const etag = `"${createHash('sha256').update(JSON.stringify([text, opts])).digest('base64url').slice(0, 27)}"`;
  const headers = {
    etag,
    'cache-control': 'private, max-age=3600',
    'content-disposition': `inline; filename="sling-${link.shortCode}-qr.${opts.format}"`,
  };
  if (req.headers.get('if-none-match')?.split(/\s*,\s*/).includes(etag)) return new Response(null, { status: 304, headers });
  const { body, contentType } = await renderQr(text, opts);
  return new Response(body as BodyInit, { headers: { ...headers, 'content-type': contentType } });
}
