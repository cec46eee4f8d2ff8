import { disableTwoFactor } from '@/lib/auth/disable-two-factor';
import { withSession } from '@/lib/http/with-session';

// POST /api/v1/two-factor/disable – turn 2FA off with the password and a current code
export const POST = withSession(async (req) => {
  await disableTwoFactor(req);
  return { status: 204 };
});
