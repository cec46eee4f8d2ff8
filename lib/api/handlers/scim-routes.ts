// The SCIM 2.0 endpoints under /api/scim/v2 (the identity provider's side of directory sync): each
// request authenticates with the workspace's directory sync token, bodies are parsed with the zod
// schemas of lib/scim/scim-schema.ts, and every refusal is a SCIM error body.
import { loadConfig } from '../../config/load-config';
import { currentAppContext } from '../../context/current-app-context';
import { readJsonBody } from '../../http/read-json-body';
import { requestIp } from '../../http/handle-route';
import { anonymousApiLimiter } from '../../ratelimit/api-limits';
import type { Db } from '../../db/types';
import { ZScimGroup, ZScimListQuery, ZScimPatch, ZScimUser } from '../../scim/scim-schema';
import { authenticateScim, type ScimWorkspace } from '../../scim/directory-sync';
import { resourceTypes, schemas, serviceProviderConfig } from '../../scim/scim-discovery';
import { ScimError, scimErrorResponse, scimJson } from '../../scim/scim-error';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup, type FoundGroup } from '../../scim/scim-groups';
import { groupResource, listResponse, userResource } from '../../scim/scim-resources';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from '../../scim/scim-users';

interface ScimRequest<P> {
  req: Request;
  db: Db;
  ws: ScimWorkspace;
  baseUrl: string;
  params: P;
}

type Handler<P> = (r: ScimRequest<P>) => Promise<Response>;

export function withScim<P = Record<string, never>>(handler: Handler<P>) {
  return async (req: Request, context?: { params: Promise<P> }): Promise<Response> => {
    try {
      const db = (await currentAppContext()).handle.db;
      let ws: ScimWorkspace;
      try {
        ws = await authenticateScim(db, req.headers.get('authorization'));
      } catch (err) {
        // Guessing tokens counts per IP, as for API tokens.
        if (err instanceof ScimError && err.status === 401) await anonymousApiLimiter().consume(`ip:${requestIp(req)}`);
        throw err;
      }
      return await handler({ req, db, ws, baseUrl: loadConfig().BASE_URL, params: ((await context?.params) ?? {}) as P });
    } catch (err) {
      return scimErrorResponse(err);
    }
  };
}

const body = async <T>(req: Request, schema: { parse: (v: unknown) => T }): Promise<T> => schema.parse(await readJsonBody(req));
const query = (req: Request) => ZScimListQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
type Id = { id: string };

export const listUsersRoute: Handler<object> = async ({ req, db, ws, baseUrl }) => {
  const q = query(req);
  const { total, found } = await listUsers(db, ws, q);
  return scimJson(
    listResponse(
      found.map((f) => userResource(f.row, f.email, baseUrl)),
      total,
      q.startIndex,
    ),
  );
};

export const createUserRoute: Handler<object> = async ({ req, db, ws, baseUrl }) => {
  const f = await createUser(db, ws, await body(req, ZScimUser));
  const resource = userResource(f.row, f.email, baseUrl);
  return scimJson(resource, 201, { location: resource.meta.location });
};

export const getUserRoute: Handler<Id> = async ({ db, ws, baseUrl, params }) => {
  const f = await getUser(db, ws, params.id);
  return scimJson(userResource(f.row, f.email, baseUrl));
};

export const replaceUserRoute: Handler<Id> = async ({ req, db, ws, baseUrl, params }) => {
  const f = await replaceUser(db, ws, params.id, await body(req, ZScimUser));
  return scimJson(userResource(f.row, f.email, baseUrl));
};

export const patchUserRoute: Handler<Id> = async ({ req, db, ws, baseUrl, params }) => {
  const f = await patchUser(db, ws, params.id, await body(req, ZScimPatch));
  return scimJson(userResource(f.row, f.email, baseUrl));
};

export const deleteUserRoute: Handler<Id> = async ({ db, ws, params }) => {
  await deleteUser(db, ws, params.id);
  return new Response(null, { status: 204 });
};

const group = (g: FoundGroup, baseUrl: string) => groupResource(g.row, g.members, baseUrl);

export const listGroupsRoute: Handler<object> = async ({ req, db, ws, baseUrl }) => {
  const q = query(req);
  const { total, found } = await listGroups(db, ws, q);
  return scimJson(
    listResponse(
      found.map((g) => group(g, baseUrl)),
      total,
      q.startIndex,
    ),
  );
};

export const createGroupRoute: Handler<object> = async ({ req, db, ws, baseUrl }) => {
  const resource = group(await createGroup(db, ws, await body(req, ZScimGroup)), baseUrl);
  return scimJson(resource, 201, { location: resource.meta.location });
};

export const getGroupRoute: Handler<Id> = async ({ db, ws, baseUrl, params }) => scimJson(group(await getGroup(db, ws, params.id), baseUrl));

export const replaceGroupRoute: Handler<Id> = async ({ req, db, ws, baseUrl, params }) =>
  scimJson(group(await replaceGroup(db, ws, params.id, await body(req, ZScimGroup)), baseUrl));

export const patchGroupRoute: Handler<Id> = async ({ req, db, ws, baseUrl, params }) =>
  scimJson(group(await patchGroup(db, ws, params.id, await body(req, ZScimPatch)), baseUrl));

export const deleteGroupRoute: Handler<Id> = async ({ db, ws, params }) => {
  await deleteGroup(db, ws, params.id);
  return new Response(null, { status: 204 });
};

export const serviceProviderConfigRoute: Handler<object> = async ({ baseUrl }) => scimJson(serviceProviderConfig(baseUrl));

export const resourceTypesRoute: Handler<object> = async ({ baseUrl }) => {
  const all = resourceTypes(baseUrl);
  return scimJson(listResponse(all, all.length, 1));
};

export const schemasRoute: Handler<object> = async ({ baseUrl }) => {
  const all = schemas(baseUrl);
  return scimJson(listResponse(all, all.length, 1));
};
