// The one clock of a Sling process. Every decision that depends on the time of day (a link's
// expiry at the edge and in the expiry job, certificate renewal, domain checks and re-checks,
// click retention, rate-limit windows) reads it instead of `Date.now()` / `new Date()` / SQL
// `now()`: where such a decision is made in SQL, the clock's time goes in as a parameter.
//
// The runtime holds it (`openRuntime({ clock })`, `startServer({ clock })`), passes it to the job
// system and the edge, and makes it the process clock (`processClock()`) for what request handlers
// decide (an expiration in the past, a link's effective status), so that threading it through every
// handler is not needed. A real process runs on `systemClock`; a test starts Sling in its own
// process with a `manualClock()` and moves it (`advance`, `set`) instead of waiting for wall time.
// Timestamps that are only recorded (a row's created_at, a log line, a duration) stay on the system
// clock.

export interface Clock {
  /** The current time. */
  now(): Date;
  /** The current time in milliseconds since the epoch. */
  nowMs(): number;
}

export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
};

/** A clock that stands still until it is moved. */
export interface ManualClock extends Clock {
  /** Moves the clock `ms` forward (a negative `ms` moves it back). */
  advance(ms: number): void;
  /** Puts the clock at `at`. */
  set(at: Date | number): void;
}

/** A clock standing at `start` (now, by default) until it is moved. */
export function manualClock(start: Date | number = Date.now()): ManualClock {
  let ms = toMs(start);
  return {
    now: () => new Date(ms),
    nowMs: () => ms,
    advance: (by) => {
      if (!Number.isFinite(by)) throw new Error(`a clock moves by a finite number of milliseconds, not ${by}`);
      ms += by;
    },
    set: (at) => {
      ms = toMs(at);
    },
  };
}

function toMs(at: Date | number): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (!Number.isFinite(ms)) throw new Error('a clock is set to a valid time');
  return ms;
}

// A plain module variable: one module graph per process (docs/architecture/overview.md), and the
// runtime puts it back at close, so an in-process Sling's clock does not outlive it.
let current: Clock | undefined;

/** The clock the runtime set for this process (`useClock`); the system clock until then. */
export function processClock(): Clock {
  return current ?? systemClock;
}

/** Makes `clock` the process clock (undefined: back to the system clock). The runtime calls it. */
export function useClock(clock: Clock | undefined): void {
  current = clock;
}
