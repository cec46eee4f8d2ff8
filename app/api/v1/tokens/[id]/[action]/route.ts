import { withSession } from '@/lib/http/with-session';
import { changeToken } from '@/lib/tokens/token-routes';

// POST /api/v1/tokens/{id}/regenerate | rotate – new secret (rotate keeps the old one for a grace period)
export const POST = withSession(changeToken);
