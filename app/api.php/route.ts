import { handleApiPhp } from '@/lib/api-php/api-php';
import { withApiToken } from '@/lib/http/with-api-token';
import { planLimiter } from '@/lib/ratelimit/api-limits';

// /api.php – Variant A: bearer token, JSON (create, list, stats, domains, update, delete)
const handler = withApiToken({ limiter: (owner) => planLimiter(owner.plan), run: handleApiPhp });
export { handler as GET, handler as POST, handler as PATCH, handler as PUT, handler as DELETE };
