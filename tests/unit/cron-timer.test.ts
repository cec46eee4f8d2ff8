// The cron timer (lib/jobs/cron-timer.ts) on a clock the test moves: which queues a minute sends,
// each minute once however often it is checked, minutes a late timer missed sent late (a bounded
// number), a failing send that does not hold the others back, and a bad schedule refused at start.
import { afterEach, describe, expect, it } from 'vitest';
import { CATCH_UP_MINUTES, startCronTimer, type CronTimer } from '../../lib/jobs/cron-timer';

const SCHEDULES = [
  { queue: 'every-minute', cron: '* * * * *' },
  { queue: 'daily-0005', cron: '5 0 * * *' },
  { queue: 'hourly-12', cron: '12 * * * *' },
  { queue: 'monday-0900', cron: '0 9 * * 1' },
];

const MINUTE = 60_000;

describe('the cron timer', () => {
  let timer: CronTimer | undefined;
  afterEach(() => timer?.stop());

  /** A timer on a clock at `start`, recording what it sends as "queue@HH:MM". */
  function timerAt(start: string, schedules = SCHEDULES, fail?: string) {
    let now = Date.parse(start);
    const sent: string[] = [];
    const errors: string[] = [];
    timer = startCronTimer(schedules, {
      now: () => now,
      send: async (queue, minute) => {
        if (queue === fail) throw new Error('database down');
        sent.push(`${queue}@${minute.toISOString().slice(11, 16)}`);
      },
      onError: (_err, queue) => errors.push(queue),
    });
    return { sent, errors, timer, move: (ms: number) => (now += ms) };
  }

  it("sends the current minute's matching queues at start, in UTC whatever the process's time zone", async () => {
    // 2026-11-30 is a Monday.
    const { sent, timer } = timerAt('2026-11-30T09:00:20Z');
    await timer.tick();
    expect(sent).toEqual(['every-minute@09:00', 'monday-0900@09:00']);
  });

  it('sends each minute once, however often it is checked, and every schedule on its minute', async () => {
    const { sent, timer, move } = timerAt('2026-12-01T00:04:05Z');
    await timer.tick();
    await timer.tick();
    move(MINUTE);
    await timer.tick();
    await timer.tick();
    expect(sent).toEqual(['every-minute@00:04', 'every-minute@00:05', 'daily-0005@00:05']);
    sent.length = 0;
    move(7 * MINUTE);
    await timer.tick();
    // The timer was late by minutes: the current one is sent and the five before it, in order
    // (00:06 is past the bound).
    expect(sent).toEqual([
      'every-minute@00:07',
      'every-minute@00:08',
      'every-minute@00:09',
      'every-minute@00:10',
      'every-minute@00:11',
      'every-minute@00:12',
      'hourly-12@00:12',
    ]);
    expect(CATCH_UP_MINUTES).toBe(5);
  });

  it('a failing send is reported and the other queues are still sent', async () => {
    const { sent, errors, timer } = timerAt('2026-11-30T09:00:20Z', SCHEDULES, 'every-minute');
    await timer.tick();
    expect(errors).toEqual(['every-minute']);
    expect(sent).toEqual(['monday-0900@09:00']);
  });

  it('sends nothing once stopped', async () => {
    const { sent, timer, move } = timerAt('2026-11-30T09:00:20Z');
    await timer.tick();
    timer.stop();
    move(MINUTE);
    await timer.tick();
    expect(sent).toEqual(['every-minute@09:00', 'monday-0900@09:00']);
  });

  it('refuses a schedule that is not five cron fields', () => {
    expect(() => timerAt('2026-11-30T09:00:20Z', [{ queue: 'q', cron: '0 0 * * * *' }])).toThrow(/5/);
    expect(() => timerAt('2026-11-30T09:00:20Z', [{ queue: 'q', cron: '61 * * * *' }])).toThrow();
  });
});
