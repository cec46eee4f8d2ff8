// SECRET_KEY: generated into DATA_DIR on the first embedded start and reused after.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type Config } from './env';

/** Returns the configured key, or the one kept in DATA_DIR (created on first use in embedded mode). */
export function resolveSecretKey(config: Config): string {
  if (config.SECRET_KEY) return config.SECRET_KEY;
  if (config.DATABASE_URL) {
    // Every instance sharing the database must sign and encrypt with the same key.
    throw new ConfigError('Invalid configuration: SECRET_KEY is required when DATABASE_URL is set (all instances must share it; e.g. `openssl rand -hex 32`)');
  }
  const file = join(config.DATA_DIR, 'secret-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 32) return key;
    throw new ConfigError(`Invalid configuration: ${file} holds a key shorter than 32 characters`);
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
  return key;
}
