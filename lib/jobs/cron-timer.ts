// Sends the queues' cron jobs: shortly after each minute starts, every queue whose schedule matches
// that minute (UTC) gets one job. Every worker process runs a timer; one job per queue and minute
// is made whichever processes send it (the caller keys the job by its minute). A minute the timer
// missed (a process stalled or asleep past it) is sent late, up to `CATCH_UP_MINUTES` back.
//
// It replaces pg-boss's own timekeeper, which about once a minute evaluated each schedule with cron-parser
// and luxon in one synchronous pass of 20–100 ms: a stall of every request the process was serving
// (docs/performance/2026-11-29-redirect-cpu.md). Here the schedules are parsed once (croner) and a
// minute is checked in microseconds; no poll runs between minutes.
import { Cron } from 'croner';

/** How far past a minute's start its jobs are sent: room for processes whose clocks disagree a little. */
export const CRON_DELAY_MS = 5_000;
/** Minutes missed by a late timer that are still sent. */
export const CATCH_UP_MINUTES = 5;

export interface CronEntry {
  queue: string;
  /** Five fields, minute resolution, UTC. */
  cron: string;
}

export interface CronTimerOptions {
  /** Sends `queue`'s job for `minute` (the minute's start); a failure is reported and the timer goes on. */
  send(queue: string, minute: Date): Promise<unknown>;
  onError(err: unknown, queue: string): void;
  /** Wall time in ms (Date.now by default). */
  now?: () => number;
}

export interface CronTimer {
  /** Checks the minutes due now (the timer does this by itself; tests call it to wait for the sends). */
  tick(): Promise<void>;
  stop(): void;
}

/** Parses every schedule (a bad one throws here, at start) and checks the current minute at once. */
export function startCronTimer(entries: CronEntry[], opts: CronTimerOptions): CronTimer {
  const now = opts.now ?? Date.now;
  const schedules = entries.map((e) => ({ queue: e.queue, pattern: new Cron(e.cron, { utcOffset: 0, mode: '5-part' }) }));
  let lastMinute = minuteOf(now()) - 1;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const check = async (): Promise<void> => {
    const current = minuteOf(now());
    const first = Math.max(lastMinute + 1, current - CATCH_UP_MINUTES);
    lastMinute = Math.max(lastMinute, current);
    for (let m = first; m <= current && !stopped; m++) {
      const minute = new Date(m * 60_000);
      for (const s of schedules) {
        if (stopped || !s.pattern.match(minute)) continue;
        try {
          await opts.send(s.queue, minute);
        } catch (err) {
          opts.onError(err, s.queue);
        }
      }
    }
  };
  const tick = (): Promise<void> => {
    running = running.then(check);
    return running;
  };
  const arm = (): void => {
    if (stopped) return;
    const t = now();
    const wait = (minuteOf(t) + 1) * 60_000 + CRON_DELAY_MS - t;
    timer = setTimeout(() => void tick().finally(arm), wait);
    timer.unref();
  };

  void tick().finally(arm);
  return {
    tick,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

function minuteOf(ms: number): number {
  return Math.floor(ms / 60_000);
}
