import { withSession } from '@/lib/http/with-session';
import { createToken, listTokens } from '@/lib/tokens/token-routes';

// GET /api/v1/tokens – the signed-in user's API tokens
export const GET = withSession(listTokens);
// POST /api/v1/tokens – create one (the secret is in this answer only)
export const POST = withSession(createToken);
