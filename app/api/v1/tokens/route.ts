import { withWorkspace } from '@/lib/http/with-workspace';
import { createTokenRoute, listTokensRoute } from '@/lib/tokens/token-routes';

// GET /api/v1/tokens – API tokens of the current workspace (yours; an admin's list has everyone's)
export const GET = withWorkspace(listTokensRoute, { auth: 'session', permission: 'tokens.own' });
// POST /api/v1/tokens – create one {name?, expires_at?, scopes?} (the secret is in this answer only)
export const POST = withWorkspace(createTokenRoute, { auth: 'session', permission: 'tokens.own' });
