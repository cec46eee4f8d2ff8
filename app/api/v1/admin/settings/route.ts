import { withAdmin } from '@/lib/http/with-admin';
import { settingsRoute, updateSettingsRoute } from '@/lib/admin/admin-routes';

// GET /api/v1/admin/settings – sign-ups and anonymous shortening
export const GET = withAdmin(settingsRoute);
// PATCH /api/v1/admin/settings – {signups?, anonymous_shortening?, anonymous_per_hour?, note?}
export const PATCH = withAdmin(updateSettingsRoute);
