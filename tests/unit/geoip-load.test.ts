// The GeoIP files load on first need (not at start), and loadFor reads them off the event loop
// before a batch is enriched, for the address families the batch holds.
import { describe, expect, test } from 'vitest';
import { openGeoIp } from '../../lib/analytics/geoip';

describe('GeoIP loading', () => {
  test('loadFor reads what the addresses need; lookups then answer without reading', async () => {
    const geo = openGeoIp();
    await geo.loadFor(['8.8.8.8', '::ffff:1.1.1.1', 'not an address']);
    expect(geo.lookup('8.8.8.8').country).toMatch(/^[A-Z]{2}$/);
    await geo.loadFor(['2001:4860:4860::8888']);
    expect(geo.lookup('2001:4860:4860::8888').country).toMatch(/^[A-Z]{2}$/);
  });

  test('loadFor for nothing it can place reads nothing and resolves', async () => {
    await expect(openGeoIp('/no/such/file.mmdb').loadFor(['unknown', ''])).resolves.toBeUndefined();
  });
});
