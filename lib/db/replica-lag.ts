// How far a streaming replica is behind, from write-ahead-log positions rather than from the
// replica's last replayed commit time (which grows on an idle primary that has nothing to send).
// Each check first notes the time and the primary's current position; a replica whose replayed
// position has reached a position the primary had at time t holds everything committed before t,
// so its lag is at most now − t (docs/self-hosting/scale-out.md#read-replicas).

/** A write-ahead-log position ('16/B374D848') as one comparable number. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim());
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** The primary's position at a moment, oldest first. */
export interface PrimarySample {
  at: number;
  lsn: bigint;
}

/** Keeps the primary's recent positions, as long as a lag bound needs to be judged. */
export class PrimaryPositions {
  private samples: PrimarySample[] = [];

  constructor(private readonly keepMs: number) {}

  add(sample: PrimarySample) {
    this.samples.push(sample);
    // One sample older than the window stays: it is what a replica further behind is measured from.
    while (this.samples.length > 2 && this.samples[1].at < sample.at - this.keepMs) this.samples.shift();
  }

  /**
   * The replica's lag at `now` given the position it has replayed: the age of the newest sample it
   * holds (it may lack only what was committed after that); Infinity when it holds none (it is
   * behind everything kept: too far behind to tell).
   */
  lagMs(replayed: bigint, now: number): number {
    for (let i = this.samples.length - 1; i >= 0; i--) {
      if (replayed >= this.samples[i].lsn) return Math.max(0, now - this.samples[i].at);
    }
    return Number.POSITIVE_INFINITY;
  }
}
