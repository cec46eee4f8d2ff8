import { resourceTypesRoute, withScim } from '@/lib/scim/scim-routes';

// SCIM 2.0 – GET /api/scim/v2/ResourceTypes
export const GET = withScim(resourceTypesRoute);
