import { serviceProviderConfigRoute, withScim } from '@/lib/scim/scim-routes';

// SCIM 2.0 – GET /api/scim/v2/ServiceProviderConfig
export const GET = withScim(serviceProviderConfigRoute);
