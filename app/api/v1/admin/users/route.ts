import { withAdmin } from '@/lib/http/with-admin';
import { usersRoute } from '@/lib/admin/admin-routes';

// GET /api/v1/admin/users?q=&page= – accounts, searched by email or name, 20 a page
export const GET = withAdmin(usersRoute);
