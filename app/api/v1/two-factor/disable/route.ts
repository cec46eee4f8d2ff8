import { disableTwoFactor } from '@/lib/auth/disable-two-factor';
import { withWorkspace } from '@/lib/http/with-workspace';

// POST /api/v1/two-factor/disable – turn 2FA off with the password and a current code
export const POST = withWorkspace(
  async ({ req }) => {
    await disableTwoFactor(req);
    return new Response(null, { status: 204 });
  },
  { auth: 'session' },
);
