import { deleteGroupRoute, getGroupRoute, patchGroupRoute, replaceGroupRoute, withScim } from '@/lib/scim/scim-routes';

// SCIM 2.0 – /api/scim/v2/Groups/{id}: read, replace (PUT), PATCH members, DELETE
export const GET = withScim(getGroupRoute);
export const PUT = withScim(replaceGroupRoute);
export const PATCH = withScim(patchGroupRoute);
export const DELETE = withScim(deleteGroupRoute);
