// REST v1 endpoints used by both scripts and the dashboard: a bearer token (counted against its
// plan's limits, X-RateLimit-* on the answer) or, without an Authorization header, the session
// cookie. The handler returns its own Response, so it can stream.
import { getAuth } from '../auth/auth';
import { currentLinkContext } from '../links/current-link-context';
import type { LinkContext } from '../links/link-context';
import { planLimiter } from '../ratelimit/api-limits';
import { bearerToken } from '../tokens/authenticate-token';
import { AppError } from './errors';
import { errorResponse } from './json-response';
import { admitToken, type RateHeaders } from './with-api-token';

export function withUser<P>(run: (req: Request, userId: string, ctx: LinkContext, params: P) => Promise<Response>) {
  return async (req: Request, context: { params: Promise<P> }): Promise<Response> => {
    const rate: RateHeaders = { headers: {} };
    try {
      const ctx = await currentLinkContext();
      let userId: string;
      const authorization = req.headers.get('authorization');
      if (authorization !== null) {
        const owner = await admitToken(req, ctx, async () => bearerToken(authorization), (o) => planLimiter(o.plan), rate);
        userId = owner.userId;
      } else {
        const session = await (await getAuth()).api.getSession({ headers: req.headers });
        if (!session) throw new AppError('unauthorized', 'Send an API token (Authorization: Bearer …) or sign in.');
        userId = session.user.id;
      }
      const res = await run(req, userId, ctx, await context.params);
      for (const [name, value] of Object.entries(rate.headers)) res.headers.set(name, value);
      return res;
    } catch (err) {
      return errorResponse(err, rate.headers);
    }
  };
}
