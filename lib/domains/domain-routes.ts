// REST v1 /api/v1/domains handlers (token or session, through withWorkspace): thin wrappers that
// parse the input, call the domain functions and shape the answer.
import { findCertificate } from '../acme/find-certificate';
import { json } from '../http/json-response';
import { readJsonBody } from '../http/read-json-body';
import type { WorkspaceRequest } from '../http/with-workspace';
import { parseBody, ZCreateDomain, ZUpdateDomain } from '../schemas/domain';
import { domainSettings } from './domain-settings';
import { addDomain, countDomainLinks, deleteDomain, getDomainOrThrow, listDomains, updateDomain, type DomainScope } from './manage-domains';
import { serializeDomain } from './serialize-domain';
import { verifyDomain } from './verify-domain';

type Params = { id: string };

function scopeOf({ actor, ctx }: WorkspaceRequest<unknown>): DomainScope {
  return { ctx, actor, settings: domainSettings() };
}

// GET /api/v1/domains – the shared domain and the workspace's own, with status and records
export async function listDomainsRoute({ actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  const settings = domainSettings();
  return json({ domains: (await listDomains(ctx.handle, actor)).map((d) => serializeDomain(d, settings)) });
}

// POST /api/v1/domains – add one (pending until its DNS records are verified)
export async function addDomainRoute(r: WorkspaceRequest<object>): Promise<Response> {
  const scope = scopeOf(r);
  const domain = await addDomain(scope, parseBody(ZCreateDomain, await readJsonBody(r.req)));
  return json({ domain: serializeDomain(domain, scope.settings) }, { status: 201 });
}

// GET /api/v1/domains/{id} – with the number of links on it (what deleting it removes) and its certificate
export async function getDomainRoute({ actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  const domain = await getDomainOrThrow(ctx.handle, actor, params.id);
  const [links, certificate] = await Promise.all([countDomainLinks(ctx.handle, domain.id), findCertificate(ctx.handle.db, domain.id)]);
  return json({ domain: { ...serializeDomain(domain, domainSettings()), link_count: links, certificate } });
}

// PATCH /api/v1/domains/{id} – not_found_url, root_redirect_url, default
export async function updateDomainRoute(r: WorkspaceRequest<Params>): Promise<Response> {
  const scope = scopeOf(r);
  const domain = await updateDomain(scope, r.params.id, parseBody(ZUpdateDomain, await readJsonBody(r.req)));
  return json({ domain: serializeDomain(domain, scope.settings) });
}

// DELETE /api/v1/domains/{id} – the domain and every link on it
export async function deleteDomainRoute(r: WorkspaceRequest<Params>): Promise<Response> {
  await deleteDomain(scopeOf(r), r.params.id);
  return new Response(null, { status: 204 });
}

// POST /api/v1/domains/{id}/verify – look the records up now; each says found, missing or wrong
export async function verifyDomainRoute({ actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  const settings = domainSettings();
  const domain = await getDomainOrThrow(ctx.handle, actor, params.id);
  const result = await verifyDomain(ctx.handle, domain, settings);
  return json({ domain: serializeDomain(result.domain, settings), verified: result.domain.status === 'verified' });
}
