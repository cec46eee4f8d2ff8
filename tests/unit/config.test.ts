import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, parseEnv } from '../../lib/config/env';
import { resolveSecretKey } from '../../lib/config/secret-key';
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
  ])('%j is refused with one line naming the variable', (env, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    try {
      parseEnv(env);
    } catch (err) {
      expect((err as Error).message).toMatch(message);
      expect((err as Error).message).not.toContain('\n');
    }
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
