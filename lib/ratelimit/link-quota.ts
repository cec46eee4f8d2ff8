// Daily link-creation quotas (issue 18, point 7): every new link of a workspace counts against its
// plan's quota for the day (QUOTA_LINKS_PER_DAY_*; Enterprise unlimited unless set), whichever way it
// is made — Variant A, B, REST, the dashboard; the system workspace (anonymous links, `sling links
// create`) has its own. Counted per workspace in Redis when REDIS_URL is set, in memory otherwise.
import { eq } from 'drizzle-orm';
import { SYSTEM_WORKSPACE_ID, workspaces, type Plan } from '../../db/schema';
import { loadConfig } from '../config/load-config';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import { sharedLimiter } from './shared-limiter';

/** The day's quota of new links for a plan (null: unlimited). */
export function dailyLinkQuota(plan: Plan | 'anonymous'): number | null {
  const c = loadConfig();
  const quotas = {
    anonymous: c.QUOTA_LINKS_PER_DAY_ANONYMOUS,
    free: c.QUOTA_LINKS_PER_DAY_FREE,
    pro: c.QUOTA_LINKS_PER_DAY_PRO,
    business: c.QUOTA_LINKS_PER_DAY_BUSINESS,
    enterprise: c.QUOTA_LINKS_PER_DAY_ENTERPRISE ?? null,
  };
  return quotas[plan];
}

/** Counts one new link (or `count`, a batch) of the workspace; throws 429 quota_exceeded (with Retry-After) past its quota. */
export async function countLinkCreation(db: Db, workspaceId: string, plan?: Plan, count = 1): Promise<void> {
  const kind = workspaceId === SYSTEM_WORKSPACE_ID ? 'anonymous' : (plan ?? (await planOf(db, workspaceId)));
  const quota = dailyLinkQuota(kind);
  if (quota === null) return;
  try {
    await sharedLimiter(`quota-${kind}-${quota}`, () => [{ points: quota, durationSec: 86_400 }]).consume(`ws:${workspaceId}`, count);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'rate_limited') throw err;
    const retryAfter = Number(err.details?.retry_after ?? 86_400);
    const whose =
      kind === 'anonymous' ? 'Anonymous shortening on this instance allows' : `This workspace's ${kind[0].toUpperCase()}${kind.slice(1)} plan allows`;
    throw new AppError(
      'quota_exceeded',
      `${whose} ${quota} new links per day, and they have all been made. Try again in ${retryAfter} s${kind === 'anonymous' ? '' : ', or move to a larger plan'}.`,
      { quota, period: 'day', plan: kind, retry_after: retryAfter },
      { 'Retry-After': String(retryAfter) },
    );
  }
}

async function planOf(db: Db, workspaceId: string): Promise<Plan> {
  const [row] = await db.select({ plan: workspaces.plan }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  return row?.plan ?? 'free';
}
