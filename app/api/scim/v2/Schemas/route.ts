import { schemasRoute, withScim } from '@/lib/scim/scim-routes';

// SCIM 2.0 – GET /api/scim/v2/Schemas
export const GET = withScim(schemasRoute);
