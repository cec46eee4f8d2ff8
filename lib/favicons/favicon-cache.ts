// Favicons kept on disk under DATA_DIR/favicons, one file per site (named by a hash of its origin):
// a found icon for a week, a site without one for a day, so a list of links asks each site rarely.
// Concurrent asks for one site share one fetch.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Favicon } from './fetch-favicon';

export const FOUND_TTL_MS = 7 * 86_400_000;
export const MISSING_TTL_MS = 86_400_000;

interface Entry {
  at: number;
  type: string | null;
}

const inflight = new Map<string, Promise<Favicon | null>>();

/** The cached icon of `origin` (null: known to have none), fetching it when absent or stale. */
export async function cachedFavicon(dir: string, origin: string, fetch: () => Promise<Favicon | null>, now = Date.now()): Promise<Favicon | null> {
  const name = createHash('sha256').update(origin).digest('hex').slice(0, 32);
  const meta = join(dir, `${name}.json`);
  const data = join(dir, `${name}.bin`);
  const entry = await readFile(meta, 'utf8').then(
    (t) => JSON.parse(t) as Entry,
    () => null,
  );
  if (entry && now - entry.at < (entry.type ? FOUND_TTL_MS : MISSING_TTL_MS)) {
    if (!entry.type) return null;
    const body = await readFile(data).catch(() => null);
    if (body) return { type: entry.type, body };
  }
  let pending = inflight.get(origin);
  if (!pending) {
    pending = (async () => {
      const icon = await fetch();
      await mkdir(dir, { recursive: true });
      if (icon) await writeAtomically(data, icon.body);
      await writeAtomically(meta, JSON.stringify({ at: now, type: icon?.type ?? null } satisfies Entry));
      return icon;
    })().finally(() => inflight.delete(origin));
    inflight.set(origin, pending);
  }
  return pending;
}

async function writeAtomically(path: string, content: string | Buffer) {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, content);
  await rename(tmp, path);
}
