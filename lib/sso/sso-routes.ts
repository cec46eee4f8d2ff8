// REST v1 /api/v1/workspace/sso handlers (admins and the owner of an Enterprise team workspace,
// through withWorkspace): read the input, call manage-connections, shape the answer.
import { loadConfig } from '../config/load-config';
import { AppError } from '../http/errors';
import { json } from '../http/json-response';
import { readJsonBody } from '../http/read-json-body';
import type { WorkspaceRequest } from '../http/with-workspace';
import { parseBody } from '../schemas/domain';
import { ZCreateSamlConnection, ZCreateSsoConnection, ZUpdateSsoConnection } from '../schemas/sso-connection';
import {
  createConnection, deleteConnection, getConnectionOrThrow, listConnections, serializeConnection, setConnectionEnabled, testConnection,
  updateConnection, verifyConnectionDomain, type SsoScope,
} from './manage-connections';
import type { SsoConnectionRow } from '../../db/schema';
import { ZAddSsoDomain } from '../schemas/sso-domain';
import { addDomain, domainsOf, removeDomain } from './connection-domains';
import { PROVIDER_TEMPLATES } from './provider-types';
import { assertSsoAllowed } from './sso-scope';

type Params = { id: string };

function scopeOf({ actor, ctx }: WorkspaceRequest<unknown>): SsoScope {
  assertSsoAllowed(actor);
  const config = loadConfig();
  return { db: ctx.handle.db, actor, secretKey: config.SECRET_KEY, baseUrl: config.BASE_URL, allowPrivate: config.SSO_ALLOW_PRIVATE_ISSUERS, dnsServers: config.DNS_SERVERS };
}

async function out(s: SsoScope, row: SsoConnectionRow) {
  const domains = await domainsOf(s.db, s.actor.workspaceId, [row.id]);
  return serializeConnection(row, s.baseUrl, domains.get(row.id) ?? []);
}

export async function listConnectionsRoute(r: WorkspaceRequest<object>): Promise<Response> {
  const s = scopeOf(r);
  const types = Object.entries(PROVIDER_TEMPLATES).map(([type, t]) => ({ type, label: t.label, protocol: t.protocol, issuer_template: t.issuerTemplate, scopes: t.scopes, hint: t.hint, available: t.available }));
  const rows = await listConnections(s.db, s.actor);
  const domains = await domainsOf(s.db, s.actor.workspaceId, rows.map((c) => c.id));
  return json({ connections: rows.map((c) => serializeConnection(c, s.baseUrl, domains.get(c.id) ?? [])), provider_types: types });
}

export async function createConnectionRoute(r: WorkspaceRequest<object>): Promise<Response> {
  const s = scopeOf(r);
  const body = await readJsonBody(r.req);
  const saml = (body as { type?: unknown } | null)?.type === 'saml';
  const input = saml ? parseBody(ZCreateSamlConnection, body) : parseBody(ZCreateSsoConnection, body);
  return json({ connection: await out(s, await createConnection(s, input)) }, { status: 201 });
}

export async function getConnectionRoute(r: WorkspaceRequest<Params>): Promise<Response> {
  const s = scopeOf(r);
  return json({ connection: await out(s, await getConnectionOrThrow(s.db, s.actor, r.params.id)) });
}

export async function updateConnectionRoute(r: WorkspaceRequest<Params>): Promise<Response> {
  const s = scopeOf(r);
  const input = parseBody(ZUpdateSsoConnection, await readJsonBody(r.req));
  return json({ connection: await out(s, await updateConnection(s, r.params.id, input)) });
}

export async function deleteConnectionRoute(r: WorkspaceRequest<Params>): Promise<Response> {
  const s = scopeOf(r);
  await deleteConnection(s.db, s.actor, r.params.id);
  return new Response(null, { status: 204 });
}

/** POST /api/v1/workspace/sso/{id}/test, /verify-domain, /enable, /disable */
export async function connectionActionRoute(r: WorkspaceRequest<Params & { action: string }>): Promise<Response> {
  const s = scopeOf(r);
  const { id, action } = r.params;
  switch (action) {
    case 'test':
      return json({ connection: await out(s, await testConnection(s, id)) });
    case 'verify-domain': {
      const { row, found, seen, error, domains } = await verifyConnectionDomain(s, id);
      return json({ connection: await out(s, row), verified: found, seen, domains, ...(error ? { error } : {}) });
    }
    case 'enable':
    case 'disable':
      return json({ connection: await out(s, await setConnectionEnabled(s, id, action === 'enable')) });
    default:
      throw new AppError('not_found', `No action "${action}"; use test, verify-domain, enable or disable.`);
  }
}

/** POST /api/v1/workspace/sso/{id}/domains {domain}: one more email domain, to prove by its TXT record. */
export async function addDomainRoute(r: WorkspaceRequest<Params>): Promise<Response> {
  const s = scopeOf(r);
  const { domain } = parseBody(ZAddSsoDomain, await readJsonBody(r.req));
  const row = await getConnectionOrThrow(s.db, s.actor, r.params.id);
  await addDomain(s.db, s.actor, row, domain);
  return json({ connection: await out(s, row) }, { status: 201 });
}

/** DELETE /api/v1/workspace/sso/{id}/domains/{domainId} */
export async function removeDomainRoute(r: WorkspaceRequest<Params & { domainId: string }>): Promise<Response> {
  const s = scopeOf(r);
  const row = await getConnectionOrThrow(s.db, s.actor, r.params.id);
  await removeDomain(s.db, s.actor, row, r.params.domainId);
  return json({ connection: await out(s, await getConnectionOrThrow(s.db, s.actor, row.id)) });
}

/** POST /api/v1/workspace/sso/{id}/domains/{domainId}/verify: that one domain's TXT record. */
export async function verifyDomainRoute(r: WorkspaceRequest<Params & { domainId: string }>): Promise<Response> {
  const s = scopeOf(r);
  const { row, found, seen, error, domains } = await verifyConnectionDomain(s, r.params.id, r.params.domainId);
  return json({ connection: await out(s, row), verified: found, seen, domains, ...(error ? { error } : {}) });
}
