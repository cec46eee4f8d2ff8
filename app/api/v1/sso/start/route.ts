import { handleRoute } from '@/lib/http/handle-route';
import { startSso } from '@/lib/sso/start-sso';

// POST /api/v1/sso/start {email, next?} – where to send the browser to sign in with the workspace's identity provider
export const POST = handleRoute(startSso);
