import { createGroupRoute, listGroupsRoute, withScim } from '@/lib/scim/scim-routes';

// SCIM 2.0 – GET /api/scim/v2/Groups?filter=displayName eq "…", POST a group
export const GET = withScim(listGroupsRoute);
export const POST = withScim(createGroupRoute);
