import { deleteUserRoute, getUserRoute, patchUserRoute, replaceUserRoute, withScim } from '@/lib/scim/scim-routes';

// SCIM 2.0 – /api/scim/v2/Users/{id}: read, replace (PUT), PATCH (e.g. active false), DELETE
export const GET = withScim(getUserRoute);
export const PUT = withScim(replaceUserRoute);
export const PATCH = withScim(patchUserRoute);
export const DELETE = withScim(deleteUserRoute);
