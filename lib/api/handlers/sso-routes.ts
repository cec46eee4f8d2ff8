// REST v1 /api/v1/workspace/sso handlers (admins and the owner of an Enterprise team workspace,
// through withWorkspace): call manage-connections, shape the answer. Input parsed by the operations
// of lib/openapi/operations/sso.ts.
import { loadConfig } from '../../config/load-config';
import { AppError } from '../../core/errors';
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/sso';
import { operationHandler } from '../../http/operation';
import {
  createConnection,
  deleteConnection,
  getConnectionOrThrow,
  listConnections,
  serializeConnection,
  setConnectionEnabled,
  testConnection,
  updateConnection,
  verifyConnectionDomain,
  type SsoScope,
} from '../../sso/manage-connections';
import type { SsoConnectionRow } from '../../../db/schema';
import { addDomain, domainsOf, removeDomain } from '../../sso/connection-domains';
import { PROVIDER_TEMPLATES } from '../../sso/provider-types';
import { assertSsoAllowed } from '../../sso/sso-scope';
import { privateAllowance } from '../../safety/private-allowance';

type Params = { id: string };

function scopeOf({ actor, ctx }: WorkspaceRequest<unknown>): SsoScope {
  assertSsoAllowed(actor);
  const config = loadConfig();
  return {
    db: ctx.handle.db,
    actor,
    secretKey: config.SECRET_KEY,
    baseUrl: config.BASE_URL,
    allowPrivate: privateAllowance(config.SSO_ALLOW_PRIVATE_ISSUERS),
    dnsServers: config.DNS_SERVERS,
  };
}

async function out(s: SsoScope, row: SsoConnectionRow) {
  const domains = await domainsOf(s.db, s.actor.workspaceId, [row.id]);
  return serializeConnection(row, s.baseUrl, domains.get(row.id) ?? []);
}

export const listConnectionsRoute = operationHandler(ops.listSsoConnections, async (r: WorkspaceRequest<object>) => {
  const s = scopeOf(r);
  const types = Object.entries(PROVIDER_TEMPLATES).map(([type, t]) => ({
    type,
    label: t.label,
    protocol: t.protocol,
    issuer_template: t.issuerTemplate,
    scopes: t.scopes,
    hint: t.hint,
    available: t.available,
  }));
  const rows = await listConnections(s.db, s.actor);
  const domains = await domainsOf(
    s.db,
    s.actor.workspaceId,
    rows.map((c) => c.id),
  );
  return json({ connections: rows.map((c) => serializeConnection(c, s.baseUrl, domains.get(c.id) ?? [])), provider_types: types });
});

export const createConnectionRoute = operationHandler(ops.createSsoConnection, async (r: WorkspaceRequest<object>, { body }) => {
  const s = scopeOf(r);
  return json({ connection: await out(s, await createConnection(s, body)) }, { status: 201 });
});

export const getConnectionRoute = operationHandler(ops.getSsoConnection, async (r: WorkspaceRequest<Params>, { params }) => {
  const s = scopeOf(r);
  return json({ connection: await out(s, await getConnectionOrThrow(s.db, s.actor, params.id)) });
});

export const updateConnectionRoute = operationHandler(ops.updateSsoConnection, async (r: WorkspaceRequest<Params>, { params, body }) => {
  const s = scopeOf(r);
  return json({ connection: await out(s, await updateConnection(s, params.id, body)) });
});

export const deleteConnectionRoute = operationHandler(ops.deleteSsoConnection, async (r: WorkspaceRequest<Params>, { params }) => {
  const s = scopeOf(r);
  await deleteConnection(s.db, s.actor, params.id);
  return new Response(null, { status: 204 });
});

async function verification(s: SsoScope, id: string, domainId?: string): Promise<Response> {
  const { row, found, seen, error, domains } = await verifyConnectionDomain(s, id, domainId);
  return json({ connection: await out(s, row), verified: found, seen, domains, ...(error ? { error } : {}) });
}

/** POST /api/v1/workspace/sso/{id}/test, /verify-domain, /enable, /disable */
export const connectionActionRoute = operationHandler(ops.ssoConnectionAction, async (r: WorkspaceRequest<Params & { action: string }>, { params }) => {
  const s = scopeOf(r);
  const { id, action } = params;
  switch (action) {
    case 'test':
      return json({ connection: await out(s, await testConnection(s, id)) });
    case 'verify-domain':
      return verification(s, id);
    case 'enable':
    case 'disable':
      return json({ connection: await out(s, await setConnectionEnabled(s, id, action === 'enable')) });
    default:
      throw new AppError('not_found', `No action "${action}"; use test, verify-domain, enable or disable.`);
  }
});

/** POST /api/v1/workspace/sso/{id}/domains {domain}: one more email domain, to prove by its TXT record. */
export const addDomainRoute = operationHandler(ops.addSsoDomain, async (r: WorkspaceRequest<Params>, { params, body }) => {
  const s = scopeOf(r);
  const row = await getConnectionOrThrow(s.db, s.actor, params.id);
  await addDomain(s.db, s.actor, row, body.domain);
  return json({ connection: await out(s, row) }, { status: 201 });
});

/** DELETE /api/v1/workspace/sso/{id}/domains/{domainId} */
export const removeDomainRoute = operationHandler(ops.removeSsoDomain, async (r: WorkspaceRequest<Params & { domainId: string }>, { params }) => {
  const s = scopeOf(r);
  const row = await getConnectionOrThrow(s.db, s.actor, params.id);
  await removeDomain(s.db, s.actor, row, params.domainId);
  return json({ connection: await out(s, await getConnectionOrThrow(s.db, s.actor, row.id)) });
});

/** POST /api/v1/workspace/sso/{id}/domains/{domainId}/verify: that one domain's TXT record. */
export const verifyDomainRoute = operationHandler(ops.verifySsoDomain, async (r: WorkspaceRequest<Params & { domainId: string }>, { params }) =>
  verification(scopeOf(r), params.id, params.domainId),
);
