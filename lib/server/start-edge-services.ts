// What a web instance (role all, app or edge) answers redirects with: the link cache (loading from a
// replica where one is sure to be current), the click writer's thread and the buffer that feeds it,
// the orphan-visit tally, and the edge handler over them (docs/architecture/click-path.md).
import { invalidationBus } from '../cache/invalidation-bus';
import type { DomainRegistry } from '../domains/domain-registry';
import { CLICK_BATCH, ClickBuffer } from '../edge/click-buffer';
import { startClickWriterThread, type ClickWriterThread } from '../edge/click-writer-thread';
import { LinkCache } from '../edge/link-cache';
import { replicaLinks } from '../edge/replica-links';
import { instancePrivacy } from '../analytics/privacy-mode';
import type { Clock } from '../core/clock';
import { edgeAppPage, edgeLinkPages, type EdgePagesOptions } from '../link-pages/edge-pages';
import { reportUrl } from '../link-pages/page-html';
import { OrphanTally } from '../orphans/orphan-tally';
import { orphanVisitWriter } from '../orphans/write-orphan-visits';
import { edgeLinksLoader } from '../previews/edge-preview';
import { createPreviewAssets } from './card-assets';
import { createEdge, type EdgeHandler } from './create-edge';
import type { Runtime } from './open-runtime';
import { orphanRecorder, type RecordOrphan } from './record-orphan';

export interface EdgeServicesOptions {
  runtime: Pick<Runtime, 'config' | 'handle'>;
  clock: Clock;
  domains: { readonly current: DomainRegistry };
  /** The link pages' response headers (lib/http/security-headers.ts linkPageHeaders). */
  visitorPageHeaders: Record<string, string>;
}

export interface EdgeServices {
  edge: EdgeHandler;
  clicks: ClickBuffer;
  clickThread: ClickWriterThread;
  orphans: OrphanTally;
  recordOrphan: RecordOrphan;
}

export function startEdgeServices({ runtime, clock, domains, visitorPageHeaders }: EdgeServicesOptions): EdgeServices {
  const { config, handle } = runtime;
  // Links with their social previews, one query per batch of codes (misses, stale reloads): bots
  // get the preview page without another. With replicas, from a replica where it is sure to be current.
  const primaryLinks = edgeLinksLoader(handle.db, () => domains.current);
  const fromReplica =
    handle.replicas &&
    replicaLinks({
      replicas: handle.replicas,
      primary: primaryLinks,
      loaderOn: (db) => edgeLinksLoader(db, () => domains.current),
      recentMs: config.REPLICA_MAX_LAG_MS + 2_000,
    });
  const cache = new LinkCache({
    maxEntries: config.CACHE_MAX_ENTRIES,
    maxBytes: config.CACHE_MAX_BYTES,
    ttlMs: config.CACHE_TTL_MS,
    loadMany: fromReplica?.loadMany ?? primaryLinks,
    self: () => domains.current.self,
  });
  invalidationBus().subscribe((key) => {
    fromReplica?.invalidated(key);
    cache.invalidate(key);
  });
  // Clicks are enriched, encoded and stored in the click writer's own thread, which reaches the
  // database itself (its own pool, or a port to PGlite's thread) and loads the GeoIP files when a
  // batch first needs them. Two batches in flight: the next is prepared while one is stored.
  // Under load the writer sums rollups and counters over batches for up to 2 s (write-clicks.ts).
  // Batches of up to CLICK_BATCH: each write's fixed cost (the live-link query, two statements
  // parsed and planned, a commit) is shared by more clicks under load; a quiet edge still writes
  // whatever waits every CLICK_FLUSH_MS (docs/performance/2026-11-29-redirect-cpu.md).
  const databaseUrl = config.DATABASE_URL;
  const clickThread = startClickWriterThread({
    secret: config.SECRET_KEY,
    privacy: instancePrivacy(config),
    geoipPath: config.GEOIP_DB,
    database: () => (databaseUrl ? { databaseUrl } : { pglitePort: handle.connectPort!() }),
    baseUrl: config.BASE_URL,
  });
  const clicks = new ClickBuffer({
    write: clickThread.write,
    settle: clickThread.settle,
    flushMs: config.CLICK_FLUSH_MS,
    maxBatch: CLICK_BATCH,
    maxInFlight: 2,
  });
  clicks.start();
  // Visits that reach no link: counted in memory, written every few seconds (docs/guide/orphan-visits.md).
  const orphans = new OrphanTally({ write: orphanVisitWriter(handle, { enrichment: orphanEnrichment }), flushMs: config.ORPHAN_FLUSH_MS });
  orphans.start();
  const recordOrphan = orphanRecorder(orphans, config.TRUST_PROXY);
  const previewAssets = createPreviewAssets({ cache, db: handle.db, trustProxy: config.TRUST_PROXY });
  // Link pages (password prompt, expired, disabled, unsafe, loop) from the cached link, without Next.
  const pageOptions: EdgePagesOptions = {
    headers: visitorPageHeaders,
    brand: (domainId, code) => {
      const d = domains.current;
      const domain = d.byId(domainId) ?? d.defaultDomain;
      return { host: domain.hostname, reportUrl: reportUrl(config.BASE_URL, d.shortUrl(domain, code)) };
    },
  };
  const edge = createEdge({
    cache,
    clicks,
    trustProxy: config.TRUST_PROXY,
    secret: config.SECRET_KEY,
    previewAssets,
    pages: edgeLinkPages(pageOptions),
    // An app-link destination's page (lib/link-pages/app-page.ts), branded the same way.
    appPage: edgeAppPage(pageOptions),
    clock,
    orphans: recordOrphan,
  });
  return { edge, clicks, clickThread, orphans, recordOrphan };
}

/** GeoIP and the user-agent parser for kept orphan visits, loaded when one is first kept (never at start). */
async function orphanEnrichment() {
  const [{ processGeo }, { parseAgent }] = await Promise.all([import('../analytics/process-geo'), import('../analytics/parse-agent')]);
  return { geo: processGeo(), agent: parseAgent };
}
