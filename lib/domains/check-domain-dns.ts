// Looks each expected record up through DNS_SERVERS (node:dns Resolver; the system's servers when
// unset) and says what it found: found, missing, or wrong — with the values seen, so the user can
// tell a typo from a record that has not propagated yet.
import { Resolver } from 'node:dns/promises';
import type { RecordCheck } from '../../db/schema';
import type { ExpectedRecord } from './domain-records';

export interface DnsLookup {
  resolveCname(name: string): Promise<string[]>;
  resolveTxt(name: string): Promise<string[][]>;
  resolve4(name: string): Promise<string[]>;
  resolve6(name: string): Promise<string[]>;
}

/** A resolver asking `servers` ("ip" or "ip:port", comma-separated) or the system's. */
export function dnsResolver(servers?: string): DnsLookup {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers) resolver.setServers(servers.split(',').map((s) => s.trim()));
  return resolver;
}

export type CheckedRecord = RecordCheck;

const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);
const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

async function lookup(dns: DnsLookup, r: ExpectedRecord): Promise<string[]> {
  switch (r.type) {
    case 'CNAME':
      return (await dns.resolveCname(r.name)).map(bare);
    case 'TXT':
      return (await dns.resolveTxt(r.name)).map((chunks) => chunks.join(''));
    case 'A':
      return dns.resolve4(r.name);
    case 'AAAA':
      return (await dns.resolve6(r.name)).map((ip) => ip.toLowerCase());
  }
}

function judge(r: ExpectedRecord, seen: string[]): RecordCheck['status'] {
  if (seen.length === 0) return 'missing';
  if (r.type === 'CNAME') return seen.includes(bare(r.value)) ? 'found' : 'wrong';
  if (r.type === 'TXT') return seen.includes(r.value) ? 'found' : 'wrong';
  const allowed = new Set(r.value.split(', '));
  return seen.every((ip) => allowed.has(ip)) ? 'found' : 'wrong';
}

export async function checkDomainDns(dns: DnsLookup, expected: ExpectedRecord[]): Promise<CheckedRecord[]> {
  return Promise.all(
    expected.map(async (r): Promise<CheckedRecord> => {
      try {
        const seen = await lookup(dns, r);
        return { ...r, status: judge(r, seen), seen };
      } catch (err) {
        const code = (err as { code?: string }).code ?? 'EUNKNOWN';
        if (ABSENT.has(code)) return { ...r, status: 'missing', seen: [] };
        return { ...r, status: 'missing', seen: [], error: `The DNS lookup failed (${code}); try again in a minute.` };
      }
    }),
  );
}

/** Verified: the ownership record is there, and a route — none of it pointing elsewhere. */
export function recordsVerified(checked: CheckedRecord[]): boolean {
  const routes = checked.filter((r) => r.purpose === 'route');
  const proof = checked.find((r) => r.purpose === 'ownership');
  return proof?.status === 'found' && routes.some((r) => r.status === 'found') && !routes.some((r) => r.status === 'wrong');
}
