/** Header in which server.ts hands the visitor's address (after TRUST_PROXY) to Next; any incoming copy is overwritten. */
export const CLIENT_IP_HEADER = 'x-sling-client-ip';
