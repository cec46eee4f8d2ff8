import { withWorkspace } from '@/lib/http/with-workspace';
import { changeTokenRoute } from '@/lib/tokens/token-routes';

// POST /api/v1/tokens/{id}/regenerate | rotate – new secret (rotate keeps the old one for a grace period)
export const POST = withWorkspace(changeTokenRoute, { auth: 'session', permission: 'tokens.own' });
