// The QR endpoint's answer: the rendered code with its type, a download filename and an ETag, or
// 304 when the client already has it (the code depends only on the URL, the options and the logo).
import { createHash } from 'node:crypto';
import type { LinkRow } from '../../db/schema';
import { invalidField } from '../core/errors';
import type { z } from 'zod';
import type { AppContext } from '../context/app-context';
import { domainFavicon } from './domain-favicon';
import { getLinkLogo } from './link-logo';
import { serializeLink } from '../links/serialize-link';
import type { ZQrQuery } from './qr-schema';
import { runCpuTask } from '../runtime/run-cpu-task';
import { renderQrTask } from './qr-tasks';
import { qrUrl } from './render-qr';

/** `query`: parsed by ZQrQuery (lib/openapi/operations/link-assets.ts); If-None-Match is read from `req`. */
export async function qrResponse(req: Request, link: LinkRow, ctx: AppContext, query: z.output<typeof ZQrQuery>): Promise<Response> {
  const { logo: choice, ...opts } = query;
  const logo = await chooseLogo(choice, link, ctx);
  if (logo) opts.ecc = 'H'; // the logo hides modules; the highest error correction reads through it
  const text = qrUrl(serializeLink(link, ctx.domains).short_url);
  const etag = `"${createHash('sha256')
    .update(JSON.stringify([text, opts, logo?.updatedAt ?? null]))
    .digest('base64url')
    .slice(0, 27)}"`;
  const headers = {
    etag,
    'cache-control': 'private, max-age=3600',
    'content-disposition': `inline; filename="sling-${link.shortCode}-qr.${opts.format}"`,
  };
  if (
    req.headers
      .get('if-none-match')
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  // In the CPU pool: a 4096-pixel code takes seconds, which the edge's event loop must not wait for.
  const { body, contentType } = await runCpuTask(renderQrTask, text, opts, logo && { contentType: logo.contentType, data: logo.data });
  return new Response(body as BodyInit, { headers: { ...headers, 'content-type': contentType } });
}

/** uploaded: the link's uploaded logo; favicon: its domain's favicon (uploaded, else Sling's icon); undefined: none. */
async function chooseLogo(choice: 'uploaded' | 'favicon' | undefined, link: LinkRow, ctx: AppContext) {
  if (choice === undefined) return undefined;
  if (choice === 'favicon') return domainFavicon(ctx.handle.db, ctx.domains.byId(link.domainId) ?? ctx.domains.defaultDomain);
  const logo = await getLinkLogo(ctx.handle.db, link);
  if (!logo) throw invalidField('logo', `This link has no logo yet; upload one with PUT /api/v1/links/${link.id}/qr/logo, or use logo=favicon.`);
  return logo;
}
