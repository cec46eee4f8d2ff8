// What domain operations take from the configuration, in one object (tests build their own).
import { loadConfig } from '../config/load-config';
import type { RecordSettings } from './domain-records';

export interface DomainSettings extends RecordSettings {
  baseHost: string;
  /** DNS servers for checks ("ip[:port]", comma-separated); the system's when undefined. */
  dnsServers?: string;
  /** Seconds between background checks of a pending domain; the last repeats. */
  checkSchedule: readonly number[];
  /** Sling gets HTTPS certificates itself (ACME_DIRECTORY_URL is set); otherwise a proxy in front of it does. */
  certificatesManaged?: boolean;
}

export function domainSettings(): DomainSettings {
  const c = loadConfig();
  return {
    baseHost: c.baseHost,
    linkHost: c.LINK_HOST,
    linkHostIps: c.LINK_HOST_IPS ?? [],
    dnsServers: c.DNS_SERVERS,
    checkSchedule: c.DOMAIN_CHECK_SCHEDULE,
    certificatesManaged: Boolean(c.ACME_DIRECTORY_URL),
  };
}

/** Background checks stop this long after a domain is added (DNS propagates in minutes to hours). */
export const CHECK_WINDOW_MS = 72 * 3600_000;

/** When the background check of a domain added at `createdAt` next looks, after `now`; null once the window is over. */
export function nextCheckAt(createdAt: Date, now: Date, schedule: readonly number[]): Date | null {
  const age = now.getTime() - createdAt.getTime();
  let offset = 0;
  for (let i = 0; offset <= age; i++) offset += Math.max(1, schedule[Math.min(i, schedule.length - 1)]) * 1000;
  return offset > CHECK_WINDOW_MS ? null : new Date(createdAt.getTime() + offset);
}

/** A pending claim expires this long after it was added, if not proven by DNS (docs/guide/custom-domains.md). */
export const CLAIM_WINDOW_MS = 7 * 24 * 3600_000;
