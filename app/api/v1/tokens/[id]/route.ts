import { withSession } from '@/lib/http/with-session';
import { deleteToken } from '@/lib/tokens/token-routes';

// DELETE /api/v1/tokens/{id} – revoke
export const DELETE = withSession(deleteToken);
