// Where `sling login` keeps the instance's address and the API token: credentials.json in the OS's
// config folder, readable by its owner only. SLING_URL and SLING_TOKEN, both set, take precedence
// (CI scripts). `sling mcp` reads the same login.
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The environment variables read here (process.env by default). */
export type Env = Record<string, string | undefined>;

export interface Credentials {
  url: string;
  token: string;
  /** Where they came from: the environment, or the file's path. */
  source: 'env' | string;
}

/** $XDG_CONFIG_HOME/sling or ~/.config/sling on Linux; ~/Library/Application Support/sling on macOS; %APPDATA%\sling on Windows. */
export function configDir(env: Env = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'sling');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'sling');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'sling');
}

export function credentialsPath(env: Env = process.env): string {
  return join(configDir(env), 'credentials.json');
}

/** The login to use, or undefined when there is none. */
export function readCredentials(env: Env = process.env): Credentials | undefined {
  if (env.SLING_URL && env.SLING_TOKEN) return { url: env.SLING_URL, token: env.SLING_TOKEN, source: 'env' };
  const path = credentialsPath(env);
  if (!existsSync(path)) return undefined;
  // A copy or an old umask may have widened it; the token is a secret.
  if (process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  const { url, token } = JSON.parse(readFileSync(path, 'utf8')) as Partial<Credentials>;
  if (typeof url !== 'string' || typeof token !== 'string') return undefined;
  return { url, token, source: path };
}

/** Writes the login (file 0600, folder 0700) and returns the file's path. */
export function writeCredentials(login: { url: string; token: string }, env: Env = process.env): string {
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const path = credentialsPath(env);
  // Written beside it, then renamed: never a half-written file, never a moment with a wider mode.
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify({ url: login.url, token: login.token }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
  return path;
}

/** Removes the stored login; false when there was none. */
export function deleteCredentials(env: Env = process.env): boolean {
  const path = credentialsPath(env);
  if (!existsSync(path)) return false;
  rmSync(path);
  return true;
}
