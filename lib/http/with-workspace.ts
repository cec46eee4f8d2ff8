// The one wrapper of every workspace endpoint (docs/architecture/overview.md, "Tenancy"): it resolves the request to an Actor —
// from a bearer token or, without one, from the session cookie (cross-site writes refused) —,
// counts it against its workspace's limits (X-RateLimit-* on every answer), checks the permission,
// runs the handler, and maps any thrown error to the JSON error shape once.
import { findSession, forgetCookie } from '../auth/session-lookup';
import { hasSessionCookie } from '../auth/session-cookie';
import { loadConfig } from '../config/load-config';
import { currentAppContext } from '../context/current-app-context';
import type { AppContext } from '../context/app-context';
import { anonymousApiLimiter } from '../ratelimit/api-limits';
import { headersOf, type WindowLimiter } from '../ratelimit/window-limiter';
import { countWorkspaceRequest } from '../ratelimit/workspace-budget';
import { authenticateToken, bearerToken } from '../tokens/authenticate-token';
import { assertCan, type Actor } from '../tenancy/actor';
import type { Permission } from '../tenancy/permissions';
import { findSessionActor } from '../workspaces/session-actor-cache';
import { carryOperations, operationsOf, type Operation } from './operation';
import { assertSameOrigin } from './check-origin';
import { AppError } from '../core/errors';
import { requestIp } from './handle-route';
import { errorResponse } from '../core/json-response';

export interface WorkspaceRequest<P> {
  req: Request;
  actor: Actor;
  ctx: AppContext;
  params: P;
  searchParams: URLSearchParams;
}

export interface WorkspaceRouteOptions {
  /** Where the token comes from (default: Authorization: Bearer); for Variant B's token parameter. */
  token?: (req: Request) => Promise<string>;
  /** A per-token limit counted on top of the workspace's (Variant B: 1,000/h per token). */
  tokenLimiter?: () => WindowLimiter;
}

export function withWorkspace<P = Record<string, never>>(handler: (r: WorkspaceRequest<P>) => Promise<Response>, opts: WorkspaceRouteOptions = {}) {
  // An operation with rateLimited: 'tokens' does not count a signed-in session's requests (tokens
  // still are): the dashboard's own images (favicons: one request per row, cached by the browser for
  // a day) and an import's progress polling would otherwise eat the budget of the calls the user makes.
  const ops = operationsOf(handler);
  const countSessions = !ops.some((op) => op.rateLimited === 'tokens');
  const auth = authOf(ops);
  const permissions = permissionsByMethod(ops);
  return carryOperations(async (req: Request, context?: { params: Promise<P> }): Promise<Response> => {
    const rate = { headers: {} as Record<string, string> };
    try {
      const ctx = await currentAppContext();
      const actor: Actor = { ...(await resolveActor(req, ctx, auth, opts, rate)), ip: requestIp(req) };
      if (actor.via === 'token' || countSessions) rate.headers = headersOf(await countWorkspaceRequest(actor, req.method, opts.tokenLimiter?.()));
      const permission = permissions.get(req.method === 'HEAD' ? 'GET' : req.method);
      if (permission) assertCan(actor, permission);
      const res = await handler({ req, actor, ctx, params: ((await context?.params) ?? {}) as P, searchParams: new URL(req.url).searchParams });
      for (const [name, value] of Object.entries(rate.headers)) res.headers.set(name, value);
      return res;
    } catch (err) {
      return errorResponse(err, rate.headers);
    }
  }, handler);
}

type Who = 'any' | 'token' | 'session';

/** Who may call, from the operations: a token or a session, tokens only (the compatibility APIs), or sessions only. */
function authOf(ops: readonly Operation[]): Who {
  const schemes = new Set(ops.flatMap((op) => op.auth));
  const token = schemes.has('bearer') || schemes.has('token_param');
  if (token && schemes.has('session')) return 'any';
  if (token) return 'token';
  if (schemes.has('session')) return 'session';
  throw new Error(`withWorkspace: operations ${ops.map((o) => o.id).join(', ')} declare no workspace caller`);
}

/** The permission checked before the handler, per method: the one its operations agree on (Variant A's reads differ by ?action= and check their own). */
function permissionsByMethod(ops: readonly Operation[]): Map<string, Permission> {
  const out = new Map<string, Permission>();
  for (const method of new Set(ops.map((op) => op.method))) {
    const mine = new Set(ops.filter((op) => op.method === method).map((op) => op.permission));
    const [only] = mine;
    if (mine.size === 1 && only) out.set(method, only);
  }
  return out;
}

async function resolveActor(req: Request, ctx: AppContext, auth: Who, opts: WorkspaceRouteOptions, rate: { headers: Record<string, string> }): Promise<Actor> {
  const authorization = req.headers.get('authorization');
  if (auth === 'token' || (auth === 'any' && authorization !== null)) {
    try {
      return await authenticateToken(ctx.handle, await (opts.token ? opts.token(req) : bearerToken(authorization)));
    } catch (err) {
      // Requests without a valid token count per IP before their 401: guessing tokens is limited too.
      if (err instanceof AppError && err.code === 'unauthorized') rate.headers = headersOf(await anonymousApiLimiter().consume(`ip:${requestIp(req)}`));
      throw err;
    }
  }
  if (authorization !== null) throw new AppError('forbidden', 'API tokens cannot do this; sign in to the dashboard.', { required: 'session' });
  const signIn = () => new AppError('unauthorized', auth === 'session' ? 'Sign in first.' : 'Send an API token (Authorization: Bearer …) or sign in.');
  const session = hasSessionCookie(req.headers) ? await findSession(req.headers) : null;
  if (!session) throw signIn();
  assertSameOrigin(req, loadConfig().BASE_URL);
  const actor = await findSessionActor(ctx.handle.db, session);
  if (actor) return actor;
  forgetCookie(req.headers);
  throw signIn();
}
