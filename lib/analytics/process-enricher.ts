// This process's click enricher, built from the configuration once (the GeoIP files are large), for
// clicks recorded outside the click writer's thread (which builds its own): the link pages' fallback.
import { loadConfig } from '../config/load-config';
import type { Click } from './click';
import { globalSingleton } from '../core/global-singleton';
import { createClickEnricher, type ClickEnricher } from './enrich-click';
import { instancePrivacy } from './privacy-mode';
import { processGeo } from './process-geo';

export function processEnricher(): ClickEnricher {
  return globalSingleton('clickEnricher', () => {
    const config = loadConfig();
    return createClickEnricher({ secret: config.SECRET_KEY, geo: processGeo(), privacy: instancePrivacy(config) });
  });
}

/**
 * A click writer that first loads the GeoIP files its batch needs, off the event loop: they load on
 * first use (not at start, where they were a quarter of an idle server's memory), and reading one
 * inside the synchronous enrichment would stall every redirect for the read.
 */
export function loadingGeoFirst(write: (batch: Click[]) => Promise<void>): (batch: Click[]) => Promise<void> {
  return async (batch) => {
    await processGeo()
      .loadFor(batch.map((c) => c.ip))
      .catch(() => {}); // enrichment then reads it itself
    return write(batch);
  };
}
