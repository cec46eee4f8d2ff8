import { handleApiPhp } from '@/lib/api-php/api-php';
import { withWorkspace } from '@/lib/http/with-workspace';

// /api.php – Variant A: bearer token, JSON (create, list, stats, domains, update, delete), in the token's workspace
const handler = withWorkspace(handleApiPhp, { auth: 'token' });
export { handler as GET, handler as POST, handler as PATCH, handler as PUT, handler as DELETE };
