// An email domain is claimed by a TXT record `_sling-sso.<domain>` = `sling-sso=<token>`, looked up
// with the custom-domains DNS check (DNS_SERVERS).
import { checkDomainDns, dnsResolver, type CheckedRecord } from '../domains/check-domain-dns';
import type { ExpectedRecord } from '../domains/domain-records';

export function domainClaimRecord(domain: string, token: string): ExpectedRecord {
  return { type: 'TXT', name: `_sling-sso.${domain}`, label: '_sling-sso', value: `sling-sso=${token}`, purpose: 'ownership' };
}

export async function checkDomainClaim(domain: string, token: string, dnsServers?: string): Promise<CheckedRecord> {
  const [checked] = await checkDomainDns(dnsResolver(dnsServers), [domainClaimRecord(domain, token)]);
  return checked;
}
