// REST v1 /api/v1/domains handlers (token or session, through withWorkspace): thin wrappers that
// parse the input (lib/openapi/operations/domains.ts), call the domain functions and shape the answer.
import { AppError } from '../../core/errors';
import { findCertificate } from '../../acme/find-certificate';
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/domains';
import { operationHandler } from '../../http/operation';
import { domainSettings } from '../../domains/domain-settings';
import { deleteDomain } from '../../links/delete-domain';
import { addDomain, countDomainLinks, getDomainOrThrow, listDomains, updateDomain, type DomainScope } from '../../domains/manage-domains';
import { serializeDomain } from '../../domains/serialize-domain';
import { verifyDomain } from '../../domains/verify-domain';
import { auditBy } from '../../audit/record-audit';

type Params = { id: string };

function scopeOf({ actor, ctx }: WorkspaceRequest<unknown>): DomainScope {
  return { ctx, actor, settings: domainSettings() };
}

// GET /api/v1/domains – the shared domain and the workspace's own, with status and records
export const listDomainsRoute = operationHandler(ops.listDomains, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  const settings = domainSettings();
  return json({ domains: (await listDomains(ctx.handle, actor)).map((d) => serializeDomain(d, settings)) });
});

// POST /api/v1/domains – add one (pending until its DNS records are verified)
export const addDomainRoute = operationHandler(ops.addDomain, async (r: WorkspaceRequest<object>, { body }) => {
  const scope = scopeOf(r);
  const domain = await addDomain(scope, body);
  return json({ domain: serializeDomain(domain, scope.settings) }, { status: 201 });
});

// GET /api/v1/domains/{id} – with the number of links on it (what deleting it removes) and its certificate
export const getDomainRoute = operationHandler(ops.getDomain, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  const domain = await getDomainOrThrow(ctx.handle, actor, params.id);
  const [links, certificate] = await Promise.all([countDomainLinks(ctx.handle, actor, domain.id), findCertificate(ctx.handle.db, domain.id)]);
  return json({ domain: { ...serializeDomain(domain, domainSettings()), link_count: links, certificate } });
});

// PATCH /api/v1/domains/{id} – redirects, root behaviour, app association files, default
export const updateDomainRoute = operationHandler(ops.updateDomain, async (r: WorkspaceRequest<Params>, { params, body }) => {
  const scope = scopeOf(r);
  const domain = await updateDomain(scope, params.id, body);
  return json({ domain: serializeDomain(domain, scope.settings) });
});

// DELETE /api/v1/domains/{id} – the domain and every link on it
export const deleteDomainRoute = operationHandler(ops.deleteDomain, async (r: WorkspaceRequest<Params>, { params }) => {
  await deleteDomain(scopeOf(r), params.id);
  return new Response(null, { status: 204 });
});

// POST /api/v1/domains/{id}/verify – look the records up now; each says found, missing or wrong
export const verifyDomainRoute = operationHandler(ops.verifyDomain, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  const settings = domainSettings();
  const domain = await getDomainOrThrow(ctx.handle, actor, params.id);
  const result = await verifyDomain(ctx.handle, domain, settings, { by: auditBy(actor) });
  if (result.transition === 'lost') throw new AppError('domain_taken', result.domain.statusReason ?? `${domain.hostname} is verified by another workspace.`);
  return json({ domain: serializeDomain(result.domain, settings), verified: result.domain.status === 'verified' });
});
