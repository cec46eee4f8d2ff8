// The instance settings' say on anonymous shortening: off (403), or an hourly limit per IP on top
// of the configured per-minute and per-day ones.
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import { sharedLimiter } from '../ratelimit/shared-limiter';
import { getInstanceSettings } from './instance-settings';

export async function assertAnonymousShortening(db: Db, ip: string): Promise<void> {
  const { anonymousShortening, anonymousPerHour } = await getInstanceSettings(db);
  if (!anonymousShortening)
    throw new AppError('forbidden', 'Shortening without an account is turned off on this Sling instance. Sign up or sign in to make links.');
  // One limiter per limit value: a changed limit starts fresh counts.
  if (anonymousPerHour) await sharedLimiter(`anon-hour-${anonymousPerHour}`, () => [{ points: anonymousPerHour, durationSec: 3600 }]).consume(`ip:${ip}`);
}
