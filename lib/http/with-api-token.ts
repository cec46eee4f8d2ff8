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
    const rate: RateHeaders = { headers: {} };
    try {
      const ctx = await currentLinkContext();
      const secret = async () => (opts.token ? opts.token(req) : bearerToken(req.headers.get('authorization')));
      const owner = await admitToken(req, ctx, secret, opts.limiter, rate);
      const result = await opts.run(req, owner, ctx);
      if (result.status === 204) return new Response(null, { status: 204, headers: rate.headers });
      return json(result.body, { status: result.status, headers: rate.headers });
    } catch (err) {
      return errorResponse(err, rate.headers);
    }
  };
}

/** The X-RateLimit-* headers of the window a request was counted in (kept for error answers too). */
export interface RateHeaders {
  headers: Record<string, string>;
}

/**
 * Authenticates a token and counts the request against its owner's limit. A request without a
 * valid token is counted per IP before its 401, so guessing tokens is rate-limited too.
 */
export async function admitToken(
  req: Request,
  ctx: LinkContext,
  secret: () => Promise<string>,
  limiter: (owner: TokenOwner) => WindowLimiter,
  rate: RateHeaders,
): Promise<TokenOwner> {
  let owner: TokenOwner;
  try {
    owner = await authenticateToken(ctx.handle.db, await secret());
  } catch (err) {
    if (err instanceof AppError && err.code === 'unauthorized') {
      rate.headers = headersOf(await anonymousApiLimiter().consume(`ip:${requestIp(req)}`));
    }
    throw err;
  }
  rate.headers = headersOf(await limiter(owner).consume(`token:${owner.tokenId}`));
  return owner;
}
