// The instance's settings (sign-ups, anonymous shortening), read through a short per-process cache:
// sign-up and anonymous shortening read them on every request. A write here clears this process's
// copy at once; other instances pick it up within CACHE_MS.
import { eq, sql } from 'drizzle-orm';
import { instanceSettings, type SignupMode } from '../../db/schema';
import type { Db } from '../db/types';
import { globalSingleton } from '../core/global-singleton';

export interface InstanceSettings {
  signups: SignupMode;
  anonymousShortening: boolean;
  /** null: no hourly limit beyond ANON_LINKS_PER_MINUTE / _PER_DAY. */
  anonymousPerHour: number | null;
}

const CACHE_MS = 5_000;
const DEFAULTS: InstanceSettings = { signups: 'open', anonymousShortening: true, anonymousPerHour: null };

// In the registry: one database's settings, dropped between two starts in one test process.
const cache = () => globalSingleton('instance-settings-cache', () => ({ value: null as InstanceSettings | null, at: 0 }));

export async function getInstanceSettings(db: Db): Promise<InstanceSettings> {
  const c = cache();
  if (c.value && Date.now() - c.at < CACHE_MS) return c.value;
  const [row] = await db
    .select({
      signups: instanceSettings.signups,
      anonymousShortening: instanceSettings.anonymousShortening,
      anonymousPerHour: instanceSettings.anonymousPerHour,
    })
    .from(instanceSettings)
    .where(eq(instanceSettings.id, 1));
  c.value = row ?? DEFAULTS;
  c.at = Date.now();
  return c.value;
}

export async function saveInstanceSettings(db: Db, change: Partial<InstanceSettings>): Promise<InstanceSettings> {
  await db
    .insert(instanceSettings)
    .values({ id: 1, ...DEFAULTS, ...change })
    .onConflictDoUpdate({ target: instanceSettings.id, set: { ...change, updatedAt: sql`now()` } });
  cache().value = null;
  return getInstanceSettings(db);
}
