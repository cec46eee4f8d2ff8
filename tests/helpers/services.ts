// Optional real services for tests: PostgreSQL (TEST_DATABASE_URL), Redis (TEST_REDIS_URL),
// Chromium (/usr/bin/chromium). Missing ones skip their tests with a printed reason, except under
// REQUIRE_SERVICES=1 (CI), where a missing service fails the run.
import { existsSync } from 'node:fs';

export const required = process.env.REQUIRE_SERVICES === '1';

function available(name: string, value: string | undefined, hint: string): string | undefined {
  if (value) return value;
  if (required) throw new Error(`REQUIRE_SERVICES=1 but ${name} is not available (${hint})`);
  console.warn(`[skip] ${name} not available (${hint}); its tests are skipped`);
  return undefined;
}

export const pgUrl = () => available('PostgreSQL', process.env.TEST_DATABASE_URL, 'set TEST_DATABASE_URL');
export const redisUrl = () => available('Redis', process.env.TEST_REDIS_URL, 'set TEST_REDIS_URL');
export const chromiumPath = () => available('Chromium', existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined, 'apt-get install -y chromium');
export const challtestsrvPath = () =>
  available('pebble-challtestsrv', existsSync('/usr/bin/pebble-challtestsrv') ? '/usr/bin/pebble-challtestsrv' : undefined, 'apt-get install -y pebble');
export const haproxyPath = () => available('HAProxy', existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : undefined, 'apt-get install -y haproxy');
