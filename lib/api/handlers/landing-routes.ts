// REST v1 /api/v1/domains/{id}/landing (token or session, through withWorkspace): the editor reads
// and saves the domain's landing page here; the root behaviour is the domain's PATCH.
import { domainSettings } from '../../domains/domain-settings';
import { serializeDomain } from '../../domains/serialize-domain';
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/domain-assets';
import { operationHandler } from '../../http/operation';
import { LANDING_PAGE_MAX_BYTES, landingSize } from '../../landing/landing-size';
import { getLandingPage, saveLandingPage, type LandingPage } from '../../landing/manage-landing';

type Params = { id: string };

export interface LandingPageJson {
  html: string;
  css: string;
  js: string;
  /** UTF-8 bytes of the three parts together, and the most allowed. */
  size: number;
  limit: number;
  updated_at: string | null;
}

function toJson(page: LandingPage): LandingPageJson {
  return {
    html: page.html,
    css: page.css,
    js: page.js,
    size: landingSize(page),
    limit: LANDING_PAGE_MAX_BYTES,
    updated_at: page.updatedAt?.toISOString() ?? null,
  };
}

// GET /api/v1/domains/{id}/landing – the page (empty parts before the first save) and the domain
export const getLandingRoute = operationHandler(ops.getDomainLanding, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  const { domain, page } = await getLandingPage(ctx.handle, actor, params.id);
  return json({ landing_page: toJson(page), domain: serializeDomain(domain, domainSettings()) });
});

// PUT /api/v1/domains/{id}/landing – html, css, js (at most 512 KiB together)
export const putLandingRoute = operationHandler(ops.putDomainLanding, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, body }) => {
  const { domain, page } = await saveLandingPage(ctx.handle, actor, params.id, body);
  return json({ landing_page: toJson(page), domain: serializeDomain(domain, domainSettings()) });
});
