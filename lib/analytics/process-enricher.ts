// This process's click enricher, built from the configuration once (the GeoIP files are large) and
// shared by server.ts's click buffer and Next's route handlers.
import { loadConfig } from '../config/load-config';
import type { Click } from '../edge/click-buffer';
import { globalSingleton } from '../runtime/global-singleton';
import { createClickEnricher, type EnrichedClick } from './enrich-click';
import { openGeoIp } from './geoip';

export function processEnricher(opts: { warm?: boolean } = {}): (click: Click) => EnrichedClick {
  return globalSingleton('clickEnricher', () => {
    const config = loadConfig();
    const geo = openGeoIp(config.GEOIP_DB);
    if (opts.warm) geo.warm();
    return createClickEnricher({ secret: config.SECRET_KEY, geo, storeIp: config.STORE_IP });
  });
}
