// The window limiter counts a request in every window at once: the answer describes the window with
// the fewest requests left, and a refusal names the first window (in the order given) that refused.
import { describe, expect, test } from 'vitest';
import { AppError } from '../../lib/core/errors';
import { allAtOnce, createWindowLimiter } from '../../lib/ratelimit/window-limiter';

describe('createWindowLimiter', () => {
  test('the tightest window is reported while every window still allows', async () => {
    const limiter = createWindowLimiter({
      name: 'unit-tightest',
      windows: [
        { points: 100, durationSec: 3600 },
        { points: 3, durationSec: 60 },
      ],
    });
    expect(await limiter.consume('k')).toMatchObject({ limit: 3, remaining: 2 });
    expect(await limiter.consume('k', 2)).toMatchObject({ limit: 3, remaining: 0 });
    expect(await limiter.consume('other')).toMatchObject({ limit: 3, remaining: 2 }); // keys count apart
  });

  test('a refusal names the window that refused, with its Retry-After; a later call is refused by the same window', async () => {
    const limiter = createWindowLimiter({
      name: 'unit-refusal',
      windows: [
        { points: 2, durationSec: 3600 },
        { points: 10, durationSec: 60 },
      ],
      subject: 'this test',
    });
    await limiter.consume('k');
    await limiter.consume('k');
    const err = await limiter.consume('k').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'rate_limited', details: { limit: 2, window_seconds: 3600 } });
    expect((err as AppError).message).toContain('the limit for this test is 2 per hour');
    expect((err as AppError).headers?.['Retry-After']).toMatch(/^\d+$/);
  });

  test('when two windows refuse at once, the first one given is reported', async () => {
    const limiter = createWindowLimiter({
      name: 'unit-both',
      windows: [
        { points: 1, durationSec: 86400 },
        { points: 1, durationSec: 60 },
      ],
    });
    await limiter.consume('k');
    await expect(limiter.consume('k')).rejects.toMatchObject({ details: { limit: 1, window_seconds: 86400 } });
  });
});

describe('allAtOnce', () => {
  test('every limiter counts the request; the first refusal given is thrown; the tightest window is returned', async () => {
    const hour = createWindowLimiter({ name: 'unit-all-hour', windows: [{ points: 3, durationSec: 3600 }] });
    const minute = createWindowLimiter({ name: 'unit-all-minute', windows: [{ points: 2, durationSec: 60 }] });
    const both = allAtOnce([hour, minute]);
    expect(await both.consume('k')).toMatchObject({ limit: 2, remaining: 1 });
    expect(await both.consume('k')).toMatchObject({ limit: 2, remaining: 0 });
    await expect(both.consume('k')).rejects.toMatchObject({ code: 'rate_limited', details: { limit: 2, window_seconds: 60 } });
    // The hour counted all three (the refused one too, as Redis counts it): its next request is refused.
    await expect(hour.consume('k')).rejects.toMatchObject({ details: { limit: 3, window_seconds: 3600 } });
    await expect(both.consume('k')).rejects.toMatchObject({ details: { limit: 3, window_seconds: 3600 } });
  });
});
