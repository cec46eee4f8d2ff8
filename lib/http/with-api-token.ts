// Every token API request: authenticate, count against the right limit, run, and put the
// X-RateLimit-* headers on the answer — errors included. A request without a valid token is
// counted per IP before its 401, so guessing tokens is rate-limited too.
import { authenticateToken, bearerToken, type TokenOwner } from '../tokens/authenticate-token';
import { currentLinkContext } from '../links/current-link-context';
import type { LinkContext } from '../links/link-context';
import { anonymousApiLimiter } from '../ratelimit/api-limits';
import { headersOf, type WindowLimiter } from '../ratelimit/window-limiter';
import { AppError } from './errors';
import { requestIp } from './handle-route';
import { errorResponse, json } from './json-response';

export interface ApiResult {
  status: number;
  body?: unknown;
}

export interface ApiOptions {
  /** Where the token comes from (default: the Authorization header). */
  token?: (req: Request) => Promise<string>;
  limiter: (owner: TokenOwner) => WindowLimiter;
  run: (req: Request, owner: TokenOwner, ctx: LinkContext) => Promise<ApiResult>;
}

export function withApiToken(opts: ApiOptions) {
  return async (req: Request): Promise<Response> => {
    let headers: Record<string, string> = {};
    try {
      const ctx = await currentLinkContext();
      let owner: TokenOwner;
      try {
        const secret = opts.token ? await opts.token(req) : bearerToken(req.headers.get('authorization'));
        owner = await authenticateToken(ctx.handle.db, secret);
      } catch (err) {
        if (err instanceof AppError && err.code === 'unauthorized') {
          headers = headersOf(await anonymousApiLimiter().consume(`ip:${requestIp(req)}`));
        }
        throw err;
      }
      headers = headersOf(await opts.limiter(owner).consume(`token:${owner.tokenId}`));
      const result = await opts.run(req, owner, ctx);
      if (result.status === 204) return new Response(null, { status: 204, headers });
      return json(result.body, { status: result.status, headers });
    } catch (err) {
      return errorResponse(err, headers);
    }
  };
}
