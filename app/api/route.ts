import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { withWorkspace } from '@/lib/http/with-workspace';
import { variantBLimiter } from '@/lib/ratelimit/api-limits';
import { handleTokenParamApi, tokenParam } from '@/lib/token-param-api/token-param-api';

// POST /api – Variant B: token parameter (query string or JSON body), in the token's workspace
export const POST = withWorkspace(handleTokenParamApi, { auth: 'token', token: tokenParam, tokenLimiter: variantBLimiter });
export const GET = methodNotAllowed('POST');
export { GET as PUT, GET as PATCH, GET as DELETE };
