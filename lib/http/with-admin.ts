// The wrapper of every /api/v1/admin/* endpoint: a signed-in platform admin's session, or 404 —
// to everyone else (signed out, a user, any API token) the admin API does not exist. Cookie writes
// pass the same-origin check as every session endpoint.
import type { Auth } from '../auth/auth';
import { loadAuth } from '../auth/load-auth';
import { hasSessionCookie } from '../auth/session-cookie';
import { isPlatformAdmin } from '../admin/set-platform-admin';
import { loadConfig } from '../config/load-config';
import { currentAppContext } from '../context/current-app-context';
import type { AppContext } from '../context/app-context';
import { carryOperations } from './operation';
import { assertSameOrigin } from './check-origin';
import { AppError } from '../core/errors';
import { errorResponse } from '../core/json-response';

export interface AdminRequest<P> {
  req: Request;
  admin: { id: string; email: string };
  auth: Auth;
  ctx: AppContext;
  params: P;
  searchParams: URLSearchParams;
}

export function withAdmin<P = Record<string, never>>(handler: (r: AdminRequest<P>) => Promise<Response>) {
  return carryOperations(async (req: Request, context?: { params: Promise<P> }): Promise<Response> => {
    try {
      if (req.headers.has('authorization') || !hasSessionCookie(req.headers)) throw new AppError('not_found', 'There is no such endpoint.');
      const auth = await loadAuth();
      const session = await auth.api.getSession({ headers: req.headers });
      if (!session || !isPlatformAdmin(session.user)) throw new AppError('not_found', 'There is no such endpoint.');
      if (req.method !== 'GET' && req.method !== 'HEAD') assertSameOrigin(req, loadConfig().BASE_URL);
      const ctx = await currentAppContext();
      return await handler({
        req,
        admin: { id: session.user.id, email: session.user.email },
        auth,
        ctx,
        params: ((await context?.params) ?? {}) as P,
        searchParams: new URL(req.url).searchParams,
      });
    } catch (err) {
      return errorResponse(err);
    }
  }, handler);
}
