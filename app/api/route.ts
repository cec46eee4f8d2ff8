import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { withApiToken } from '@/lib/http/with-api-token';
import { variantBLimiter } from '@/lib/ratelimit/api-limits';
import { handleTokenParamApi, tokenParam } from '@/lib/token-param-api/token-param-api';

// POST /api – Variant B: token parameter (query string or JSON body)
export const POST = withApiToken({ token: tokenParam, limiter: variantBLimiter, run: handleTokenParamApi });
export const GET = methodNotAllowed('POST');
export { GET as PUT, GET as PATCH, GET as DELETE };
