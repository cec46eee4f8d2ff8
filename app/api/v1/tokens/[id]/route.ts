import { withWorkspace } from '@/lib/http/with-workspace';
import { deleteTokenRoute } from '@/lib/tokens/token-routes';

// DELETE /api/v1/tokens/{id} – revoke
export const DELETE = withWorkspace(deleteTokenRoute, { auth: 'session', permission: 'tokens.own' });
