// Variant A (/api.php, bearer token, JSON): create, list, stats, domains, update, delete (docs/api/compatibility.md).
// Each method (and each read ?action=) is an operation of lib/openapi/operations/compat.ts: its
// query and body are parsed by that operation's schemas.
import { domainSettings } from '../../domains/domain-settings';
import { listDomains } from '../../domains/manage-domains';
import { serializeDomain } from '../../domains/serialize-domain';
import { getLinkStats } from '../../analytics/get-stats';
import { z } from 'zod';
import { AppError } from '../../core/errors';
import { requestIp } from '../../http/handle-route';
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import { createLink } from '../../links/create-link';
import { deleteLink } from '../../links/delete-link';
import { findLinks } from '../../links/find-links';
import { getLinkByCodeOrThrow } from '../../links/get-link-or-throw';
import { changesFrom, createInputFrom } from '../../links/link-input';
import { serializeLink } from '../../links/serialize-link';
import { updateLink } from '../../links/update-link';
import { VARIANT_A_ACTIONS as OPS } from '../../openapi/operations/compat';
import { carryOperations, OPERATIONS, parseRequest, queryObject, type Operation } from '../../http/operation';
import { parseWith } from '../../schemas/parse-input';
import { assertCan } from '../../tenancy/actor';
import { linkScope, type Access } from '../../tenancy/scope';
import { auditBy } from '../../audit/record-audit';
import { onReplica } from '../../db/read-replica';

type R = WorkspaceRequest<object>;

const parse = <O extends Operation>(op: O, r: R) => parseRequest(op, r.req, r.params, r.searchParams);

const linkOf = (r: R, q: { slug: string; domain_id?: number }, access: Access) =>
  getLinkByCodeOrThrow({ actor: r.actor, ctx: r.ctx, access }, q.slug, q.domain_id);

async function update(r: R, op: typeof OPS.PATCH | typeof OPS.PUT): Promise<Response> {
  assertCan(r.actor, 'links.write');
  const { query, body } = await parse(op, r);
  const updated = await updateLink(await linkOf(r, query, 'write'), changesFrom(body), r.ctx, linkScope(r.actor, 'write'));
  return json(serializeLink(updated, r.ctx.domains));
}

/** Which read: ?action= (each then parses its own query). */
const ZApiPhpRead = z.object({
  action: z
    .string({ error: 'Say what to do with ?action=list, stats or domains.' })
    .refine((a): a is 'list' | 'stats' | 'domains' => ['list', 'stats', 'domains'].includes(a), {
      error: (i) => `Unknown action "${String(i.input)}"; use list, stats or domains.`,
    }),
});

const READS: Record<'list' | 'stats' | 'domains', (r: R) => Promise<Response>> = {
  async list(r) {
    assertCan(r.actor, 'links.read');
    const { query } = await parse(OPS['GET list'], r);
    const scope = linkScope(r.actor, 'read');
    const found = await onReplica(r.ctx.handle, (h) => findLinks(h.db, { scope, q: query.q, limit: query.limit, offset: query.offset }), { ownWrites: true });
    return json({ links: found.links.map((l) => serializeLink(l, r.ctx.domains)), total: found.total, limit: query.limit, offset: query.offset });
  },
  async stats(r) {
    assertCan(r.actor, 'analytics.read');
    const { query } = await parse(OPS['GET stats'], r);
    const link = await linkOf(r, query, 'read');
    return json(await onReplica(r.ctx.handle, (h) => getLinkStats(h, link, query.range)));
  },
  async domains(r) {
    assertCan(r.actor, 'domains.read');
    await parse(OPS['GET domains'], r);
    const settings = domainSettings();
    return json({ domains: (await listDomains(r.ctx.handle, r.actor)).map((d) => ({ ...serializeDomain(d, settings), is_default: d.isDefault })) });
  },
};

const METHODS: Record<string, (r: R) => Promise<Response>> = {
  async POST(r) {
    assertCan(r.actor, 'links.write');
    const { body } = await parse(OPS.POST, r);
    const link = await createLink(createInputFrom(body, r.actor, requestIp(r.req)), r.ctx);
    return json(serializeLink(link, r.ctx.domains), { status: 201 });
  },
  GET(r) {
    return READS[parseWith(ZApiPhpRead, queryObject(r.searchParams)).action](r);
  },
  PATCH: (r) => update(r, OPS.PATCH),
  PUT: (r) => update(r, OPS.PUT),
  async DELETE(r) {
    assertCan(r.actor, 'links.write');
    const { query } = await parse(OPS.DELETE, r);
    await deleteLink(await linkOf(r, query, 'write'), r.ctx, linkScope(r.actor, 'write'), auditBy(r.actor));
    return new Response(null, { status: 204 });
  },
};

/** Every operation acts within the token's workspace, with the permission it needs. */
export const handleApiPhp = carryOperations(
  async (r: R): Promise<Response> => {
    const method = METHODS[r.req.method];
    if (!method) throw new AppError('method_not_allowed', `${r.req.method} is not supported here; use GET, POST, PATCH, PUT or DELETE.`);
    return method(r);
  },
  { [OPERATIONS]: Object.values(OPS) },
);
