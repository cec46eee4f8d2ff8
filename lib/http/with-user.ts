// REST v1 endpoints used by both scripts and the dashboard: a bearer token (counted against its
// plan's limits, X-RateLimit-* on the answer) or, without an Authorization header, the session
// cookie. The handler returns its own Response, so it can stream.
import { getAuth } from '../auth/auth';
import { currentLinkContext } from '../links/current-link-context';
import type { LinkContext } from '../links/link-context';
import { anonymousApiLimiter, planLimiter } from '../ratelimit/api-limits';
import { headersOf } from '../ratelimit/window-limiter';
import { authenticateToken, bearerToken } from '../tokens/authenticate-token';
import { AppError } from './errors';
import { requestIp } from './handle-route';
import { errorResponse } from './json-response';

export function withUser<P>(run: (req: Request, userId: string, ctx: LinkContext, params: P) => Promise<Response>) {
  return async (req: Request, context: { params: Promise<P> }): Promise<Response> => {
    let headers: Record<string, string> = {};
    try {
      const ctx = await currentLinkContext();
      let userId: string;
      const authorization = req.headers.get('authorization');
      if (authorization !== null) {
        try {
          const owner = await authenticateToken(ctx.handle.db, bearerToken(authorization));
          headers = headersOf(await planLimiter(owner.plan).consume(`token:${owner.tokenId}`));
          userId = owner.userId;
        } catch (err) {
          if (err instanceof AppError && err.code === 'unauthorized') {
            headers = headersOf(await anonymousApiLimiter().consume(`ip:${requestIp(req)}`));
          }
          throw err;
        }
      } else {
        const session = await (await getAuth()).api.getSession({ headers: req.headers });
        if (!session) throw new AppError('unauthorized', 'Send an API token (Authorization: Bearer …) or sign in.');
        userId = session.user.id;
      }
      const res = await run(req, userId, ctx, await context.params);
      for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
      return res;
    } catch (err) {
      return errorResponse(err, headers);
    }
  };
}
