import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, parseEnv } from '../../lib/config/env';
import { resolveSecretKey } from '../../lib/config/secret-key';
import { isAllowedAddress } from '../../lib/safety/checked-lookup';
import { privateAllowance } from '../../lib/safety/private-allowance';
import { tempDir } from '../helpers/databases';

describe('parseEnv', () => {
  test('defaults serve http://localhost:3000 from ./data', () => {
    const c = parseEnv({});
    expect(c.PORT).toBe(3000);
    expect(c.BASE_URL).toBe('http://localhost:3000');
    expect(c.baseHost).toBe('localhost');
    expect(c.LINK_HOST).toBe('localhost');
    expect(c.DATA_DIR).toBe('./data');
    expect(c.TRUST_PROXY).toBe(0);
    expect(c.WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(c.WEBHOOKS_TIMEOUT_MS).toBe(10_000);
    expect(c.WEBHOOKS_RETRY_SCHEDULE).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect([c.WEBHOOKS_DISABLE_AFTER_FAILURES, c.WEBHOOKS_DISABLE_AFTER_HOURS]).toEqual([50, 120]);
    expect([c.WEBHOOKS_CONCURRENCY, c.WEBHOOKS_ENDPOINT_CONCURRENCY, c.EVENTS_RETENTION_DAYS]).toEqual([64, 16, 30]);
    expect([c.CPU_POOL_SIZE, c.CPU_POOL_QUEUE]).toEqual([undefined, 32]);
  });

  test.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a port number from 0 to 65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /PORT/],
    [{ BASE_URL: 'example.com' }, /BASE_URL/],
    [{ BASE_URL: 'https://sl.ing/path' }, /BASE_URL must be an origin/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL/],
    [
      { DATABASE_URL: 'postgres://p/db', DATABASE_REPLICA_URLS: 'postgres://r1/db, mysql://r2' },
      /DATABASE_REPLICA_URLS must be a comma-separated list of postgres/,
    ],
    [{ DATABASE_REPLICA_URLS: 'postgres://r1/db' }, /DATABASE_REPLICA_URLS needs DATABASE_URL/],
    [{ REPLICA_MAX_LAG_MS: 'soon' }, /REPLICA_MAX_LAG_MS must be a whole number/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY must be true, false or a number/],
    [{ SECRET_KEY: 'short' }, /SECRET_KEY must be at least 32/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ WEBHOOKS_RETRY_SCHEDULE: '5, 300' }, /WEBHOOKS_RETRY_SCHEDULE must be a comma-separated list of seconds/],
    [{ WEBHOOKS_ALLOW_PRIVATE: 'yes' }, /WEBHOOKS_ALLOW_PRIVATE must be true or false/],
    [{ WEBHOOKS_DISABLE_AFTER_HOURS: '-1' }, /WEBHOOKS_DISABLE_AFTER_HOURS must be a positive number of hours/],
    [{ EVENTS_RETENTION_DAYS: '0' }, /EVENTS_RETENTION_DAYS must be/],
    [{ CPU_POOL_SIZE: '0' }, /CPU_POOL_SIZE must be a whole number of at least 1/],
    [{ CPU_POOL_QUEUE: 'many' }, /CPU_POOL_QUEUE must be a whole number of at least 0/],
    [{ ACME_EAB_KID: 'kid-1' }, /ACME_EAB_KID and ACME_EAB_HMAC_KEY must be set together/],
    [{ ACME_EAB_KID: 'kid-1', ACME_EAB_HMAC_KEY: 'not base64!' }, /ACME_EAB_HMAC_KEY must be the base64url HMAC key/],
    [{ SSO_ALLOW_PRIVATE_ISSUERS: 'yes' }, /SSO_ALLOW_PRIVATE_ISSUERS must be true, false, or a comma-separated list of addresses and ranges/],
    [{ SSO_ALLOW_PRIVATE_ISSUERS: '10.0.0.0/33' }, /SSO_ALLOW_PRIVATE_ISSUERS must be/],
    [{ SSO_ALLOW_PRIVATE_ISSUERS: 'keycloak.internal' }, /SSO_ALLOW_PRIVATE_ISSUERS must be/],
  ])('%j is refused with one line naming the variable', (env, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    try {
      parseEnv(env);
    } catch (err) {
      expect((err as Error).message).toMatch(message);
      expect((err as Error).message).not.toContain('\n');
    }
  });

  test('DATABASE_REPLICA_URLS is a list (spaces and empty entries ignored), empty by default', () => {
    expect(parseEnv({}).DATABASE_REPLICA_URLS).toEqual([]);
    const parsed = parseEnv({ DATABASE_URL: 'postgres://p/db', DATABASE_REPLICA_URLS: ' postgres://r1/db ,, postgresql://r2/db' });
    expect(parsed.DATABASE_REPLICA_URLS).toEqual(['postgres://r1/db', 'postgresql://r2/db']);
    expect(parsed.REPLICA_MAX_LAG_MS).toBe(2_000);
  });

  test('TRUST_PROXY is a hop count: true means one proxy, false none; BASE_URL sets the default host', () => {
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    const c = parseEnv({ BASE_URL: 'https://Sl.ing/', LINK_HOST: 'cname.sl.ing' });
    expect(c.BASE_URL).toBe('https://sl.ing');
    expect(c.baseHost).toBe('sl.ing');
    expect(c.LINK_HOST).toBe('cname.sl.ing');
  });
});

describe('SSO_ALLOW_PRIVATE_ISSUERS', () => {
  test('a flag, or the addresses and ranges allowed: only those pass the address check', () => {
    expect(parseEnv({}).SSO_ALLOW_PRIVATE_ISSUERS).toBe(false);
    expect(parseEnv({ SSO_ALLOW_PRIVATE_ISSUERS: 'true' }).SSO_ALLOW_PRIVATE_ISSUERS).toBe(true);
    const list = parseEnv({ SSO_ALLOW_PRIVATE_ISSUERS: '10.20.0.0/16, fd00:1::/64,192.168.1.5' }).SSO_ALLOW_PRIVATE_ISSUERS;
    expect(list).toEqual(['10.20.0.0/16', 'fd00:1::/64', '192.168.1.5']);
    const allowed = privateAllowance(list);
    const pass = (address: string) => isAllowedAddress(address, allowed);
    expect([pass('10.20.3.4'), pass('fd00:1::5'), pass('192.168.1.5'), pass('93.184.215.14')]).toEqual([true, true, true, true]);
    expect([pass('10.21.0.1'), pass('fd00:2::1'), pass('192.168.1.6'), pass('127.0.0.1'), pass('169.254.169.254')]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('resolveSecretKey', () => {
  test('generates a key into DATA_DIR on first embedded start and reuses it', () => {
    const dir = tempDir();
    try {
      const config = parseEnv({ DATA_DIR: dir });
      const first = resolveSecretKey(config);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(readFileSync(join(dir, 'secret-key'), 'utf8').trim()).toBe(first);
      expect(resolveSecretKey(config)).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a configured key wins; DATABASE_URL without SECRET_KEY is refused', () => {
    const dir = tempDir();
    const key = 'k'.repeat(40);
    expect(resolveSecretKey(parseEnv({ DATA_DIR: dir, SECRET_KEY: key }))).toBe(key);
    expect(existsSync(join(dir, 'secret-key'))).toBe(false);
    expect(() => resolveSecretKey(parseEnv({ DATA_DIR: dir, DATABASE_URL: 'postgres://h/db' }))).toThrow(/SECRET_KEY is required when DATABASE_URL is set/);
    rmSync(dir, { recursive: true, force: true });
  });
});
