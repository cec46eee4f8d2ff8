// Sling's job queues: what each runs, how it retries, and when cron starts it. Every queue has a
// dead-letter queue (`<name>.dead`) that receives jobs out of retries; nothing works it, so its size
// is what `sling jobs status` reports for operators to look at.
import type PgBoss from 'pg-boss';
import { applyRetention } from '../analytics/apply-retention';
import { buildVisitorSketches } from '../analytics/build-visitor-sketches';
import { buildWorkspaceSketches } from '../analytics/build-workspace-sketches';
import { maintainClickPartitions } from '../click-partitions/maintain-click-partitions';
import { acmeSettings } from '../acme/acme-settings';
import { issueDueCertificates } from '../acme/issue-due-certificates';
import { loadConfig } from '../config/load-config';
import { database } from '../db/database';
import { checkDueDomains } from '../domains/check-due-domains';
import { domainSettings } from '../domains/domain-settings';
import { notifyDomainStatus } from '../domains/notify-domain-status';
import { recheckVerifiedDomains } from '../domains/recheck-verified-domains';
import { currentAppContext } from '../context/current-app-context';
import { expireDueLinks } from '../links/expire-due-links';
import { endDueTests } from '../links/end-due-tests';
import { DELIVERY_LOG_DAYS } from '../webhooks/event-types';
import { pruneDeliveries } from '../webhooks/deliveries';
import { pruneEvents } from '../events/prune-events';
import { recordWeeklySummaries } from '../events/record-weekly-summaries';
import { importFeeds } from '../link-safety/import-feeds';
import { deepScanDue } from '../link-safety/deep-scan-due';
import { deepScanSettings } from '../link-safety/deep-scan-settings';
import { DEEP_SCAN_QUEUE } from '../safety/deep-scan/deep-scan-queue';
import { runProbe, type ProbeData } from './probe';
import { IMPORT_QUEUE } from '../imports/import-queue';
import { runImport } from '../imports/run-import';
import type { Clock } from '../core/clock';

export interface QueueSpec {
  name: string;
  /** Retries (exponential backoff with jitter from retryDelay seconds) and the time a run may take. */
  options: Required<Pick<PgBoss.Queue, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds'>>;
  /** Cron schedule (minute resolution, UTC). */
  cron?: string;
  /** Also sent once when each worker process starts, if this says so. */
  atStart?: () => boolean;
  /** `clock`: the job system's (the runtime's) clock, for what is due, expired or old enough to delete. */
  run(data: unknown, job: JobContext): Promise<unknown>;
}

export interface JobContext {
  clock: Clock;
}

export const QUEUES: QueueSpec[] = [
  {
    name: 'links.expire',
    options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
    cron: '* * * * *',
    // Also ends the A/B tests that are due (their winner becomes the link's url).
    run: async (_data, { clock }) => {
      const ctx = await currentAppContext();
      return { expired: await expireDueLinks(ctx, { clock }), testsEnded: await endDueTests(ctx, { clock }) };
    },
  },
  {
    // Daily, at a quiet hour: deletes clicks and rollups older than the owner's plan keeps.
    name: 'analytics.retention',
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 },
    cron: '30 3 * * *',
    run: async (_data, { clock }) => applyRetention(await database(), { now: clock.now() }),
  },
  {
    // Daily, and when workers start: the partitions of this month and the next two, and the clicks
    // the default partition holds of earlier months moved into their own (after the migration of a
    // table that held clicks, that is every earlier month, one transaction each).
    name: 'analytics.partitions',
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 },
    cron: '5 0 * * *',
    atStart: () => true,
    run: async (_data, { clock }) => maintainClickPartitions(await database(), { now: clock.now() }),
  },
  {
    // Daily, just after midnight UTC, and when workers start (the first run backfills every past
    // day): yesterday's unique-visitor sketches, and the day before's rebuilt where clicks came late.
    name: 'analytics.visitor-sketches',
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 },
    cron: '15 0 * * *',
    atStart: () => true,
    run: async (_data, { clock }) => buildVisitorSketches(await database(), { now: clock.now() }),
  },
  {
    // Hourly, and when workers start (the first run backfills): each workspace's unique-visitor
    // sketches of the hours just over, and of the day once its hours are.
    name: 'analytics.workspace-sketches',
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 },
    cron: '12 * * * *',
    atStart: () => true,
    run: async (_data, { clock }) => buildWorkspaceSketches(await database(), { now: clock.now() }),
  },
  {
    // Daily: the webhook delivery log keeps finished deliveries for DELIVERY_LOG_DAYS.
    name: 'webhooks.prune',
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 },
    cron: '45 3 * * *',
    run: async () => ({ deleted: await pruneDeliveries(await database(), DELIVERY_LOG_DAYS) }),
  },
  {
    // Daily, after the delivery log's pruning: events older than EVENTS_RETENTION_DAYS leave the
    // outbox once fanned out, unless a delivery log row still shows them.
    name: 'events.prune',
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 },
    cron: '55 3 * * *',
    run: async () => ({ deleted: await pruneEvents(await database(), loadConfig().EVENTS_RETENTION_DAYS) }),
  },
  {
    // Hourly, and when workers start: threat feeds (SAFETY_FEEDS) into the lists; newly listed links blocked.
    name: 'safety.import-feeds',
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 },
    cron: '7 * * * *',
    atStart: () => loadConfig().SAFETY_FEEDS.length > 0,
    run: async () => {
      const feeds = loadConfig().SAFETY_FEEDS;
      return feeds.length === 0 ? { feeds: [], blocked: 0 } : importFeeds(feeds, await currentAppContext());
    },
  },
  {
    // Mondays at 09:00 UTC: the week before's summary for workspaces subscribed to workspace.weekly_summary.
    name: 'events.weekly-summary',
    options: { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 1800 },
    cron: '0 9 * * 1',
    run: async (_data, { clock }) => recordWeeklySummaries(await currentAppContext(), { now: clock.now() }),
  },
  {
    // Each minute, and soon after any link changes (wake-on-change.ts): fetches new and changed
    // destinations, following redirects, and blocks links whose chain reaches a listed address.
    name: DEEP_SCAN_QUEUE,
    options: { retryLimit: 1, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 },
    cron: '* * * * *',
    atStart: () => loadConfig().SAFETY_DEEP_SCAN,
    run: async () => {
      const settings = deepScanSettings(loadConfig());
      return settings ? deepScanDue(await currentAppContext(), settings) : { skipped: 'SAFETY_DEEP_SCAN is false' };
    },
  },
  {
    // Pending custom domains whose next DNS check is due (backoff, for 72 hours after adding).
    name: 'domains.check',
    options: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 },
    cron: '* * * * *',
    run: async (_data, { clock }) => checkDueDomains(await database(), domainSettings(), { now: clock.now() }),
  },
  {
    // Verified custom domains looked up again daily (misconfigured ones hourly); owners mailed on a change.
    name: 'domains.recheck',
    options: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 },
    cron: '23 * * * *',
    run: async (_data, { clock }) => {
      const handle = await database();
      const baseUrl = loadConfig().BASE_URL;
      return recheckVerifiedDomains(handle, domainSettings(), { now: clock.now(), notify: (d, t, r) => notifyDomainStatus(handle.db, d, t, r, baseUrl) });
    },
  },
  {
    // Certificates for verified custom domains: new ones, renewals 30 days ahead, retries with backoff.
    // Each minute, and soon after a domain changes (wake-on-change.ts), so a domain just verified
    // gets its certificate within seconds.
    name: 'certificates.issue',
    options: { retryLimit: 1, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
    cron: '* * * * *',
    run: async (_data, { clock }) => {
      const acme = acmeSettings();
      return acme ? issueDueCertificates((await database()).db, acme, clock.now()) : { skipped: 'ACME_DIRECTORY_URL is not set' };
    },
  },
  {
    // A bulk import (POST /api/v1/imports): one job per upload; a retry resumes after the rows done.
    name: IMPORT_QUEUE,
    options: { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 3600 },
    run: async (data) => runImport(await currentAppContext(), String((data as { importId?: unknown }).importId)),
  },
  {
    // Checks the job system end to end (`sling jobs probe`).
    name: 'probe',
    options: { retryLimit: 2, retryDelay: 1, retryBackoff: true, expireInSeconds: 60 },
    run: (data) => runProbe(data as ProbeData),
  },
];

export const deadLetterOf = (name: string) => `${name}.dead`;

export function queueSpec(name: string): QueueSpec | undefined {
  return QUEUES.find((q) => q.name === name);
}
