// The process-wide configuration: parsed once, shared by server.ts and Next route handlers.
import { parseEnv, type Config } from './env';
import { resolveSecretKey } from './secret-key';
import { globalSingleton } from '../core/global-singleton';

/** Parses process.env (once per process) and fills in SECRET_KEY. Throws ConfigError. */
export function loadConfig(): Config & { SECRET_KEY: string } {
  // In the registry: a test's next start reads its own environment.
  return globalSingleton('config', () => {
    const config = parseEnv(process.env);
    return { ...config, SECRET_KEY: resolveSecretKey(config) };
  });
}
