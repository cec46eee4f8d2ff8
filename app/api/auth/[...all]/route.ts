import { handleAuthRequest } from '@/lib/auth/handle-auth-request';
import { handleRoute } from '@/lib/http/handle-route';

// /api/auth/* – better-auth (sign-up, sign-in, sign-out, sessions, two-factor), as endpoint-policy.ts allows
const handle = handleRoute(handleAuthRequest);
export const GET = handle;
export const POST = handle;
