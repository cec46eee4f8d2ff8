import { createUserRoute, listUsersRoute, withScim } from '@/lib/scim/scim-routes';

// SCIM 2.0 (RFC 7644) – GET /api/scim/v2/Users?filter=userName eq "…"&startIndex=&count=, POST a user
export const GET = withScim(listUsersRoute);
export const POST = withScim(createUserRoute);
