// The DNS records a custom domain needs (docs/self-hosting/custom-domains.md): a route to Sling — CNAME <label> → LINK_HOST,
// or for an apex (which cannot have a CNAME) A/AAAA records to LINK_HOST_IPS — and the ownership
// proof TXT _svc-verify.<label> = svc-verify=<token>.
import { isIP } from 'node:net';
import type { RecordCheck } from '../../db/schema';

export const VERIFY_PREFIX = '_svc-verify';

export type ExpectedRecord = Omit<RecordCheck, 'status' | 'seen' | 'error'>;

export interface RecordSettings {
  linkHost: string;
  linkHostIps: readonly string[];
}

export function expectedRecords(d: { hostname: string; verificationToken: string | null }, registrable: string, s: RecordSettings): ExpectedRecord[] {
  const apex = d.hostname === registrable;
  const label = apex ? '@' : d.hostname.slice(0, -(registrable.length + 1));
  const records: ExpectedRecord[] = [];
  if (!apex) records.push({ type: 'CNAME', name: d.hostname, label, value: s.linkHost, purpose: 'route' });
  else {
    const v4 = s.linkHostIps.filter((ip) => isIP(ip) === 4);
    const v6 = s.linkHostIps.filter((ip) => isIP(ip) === 6);
    if (v4.length > 0) records.push({ type: 'A', name: d.hostname, label, value: v4.join(', '), purpose: 'route' });
    if (v6.length > 0) records.push({ type: 'AAAA', name: d.hostname, label, value: v6.join(', '), purpose: 'route' });
  }
  records.push({
    type: 'TXT',
    name: `${VERIFY_PREFIX}.${d.hostname}`,
    label: apex ? VERIFY_PREFIX : `${VERIFY_PREFIX}.${label}`,
    value: `svc-verify=${d.verificationToken ?? ''}`,
    purpose: 'ownership',
  });
  return records;
}
