// This process's GeoIP reader, from the configuration once (the files are large and load on first
// need): the link pages' clicks and the edge's routing rules share it.
import { loadConfig } from '../config/load-config';
import { globalSingleton } from '../core/global-singleton';
import { openGeoIp, type GeoIp } from './geoip';

/** In the registry: made afresh by a test's next start. */
export function processGeo(): GeoIp {
  return globalSingleton('geoIp', () => openGeoIp(loadConfig().GEOIP_DB));
}
