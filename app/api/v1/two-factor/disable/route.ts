import { disableTwoFactorRoute } from '@/lib/auth/disable-two-factor';
import { withWorkspace } from '@/lib/http/with-workspace';

// POST /api/v1/two-factor/disable – turn 2FA off with the password and a current code {password, code}
export const POST = withWorkspace(disableTwoFactorRoute, { auth: 'session' });
