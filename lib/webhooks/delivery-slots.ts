// A worker's claimed deliveries: at most `perWorker` POSTs in flight, `perEndpoint` of them to one
// endpoint. Up to `depth - 1` times as many again wait here already claimed, so the next POST to an
// endpoint starts the moment one ends instead of after the next claim, and one claim takes many
// rows; endpoints take turns for free slots. Every cap is scaled by the same depth, so the worker
// can only have no room to claim when all its POST slots are busy.
import type { ClaimedDelivery } from './deliveries';

export class DeliverySlots {
  /** Claimed and not finished (running or waiting), per webhook: what the next claim counts as taken. */
  readonly held = new Map<string, number>();
  private readonly waiting = new Map<string, ClaimedDelivery[]>();
  private readonly running = new Map<string, number>();
  inFlight = 0;
  heldTotal = 0;

  constructor(
    readonly perWorker: number,
    readonly perEndpoint: number,
    readonly depth = 2,
  ) {}

  /** How much the next claim may take: in all, and per endpoint (including what is held). */
  room(): { limit: number; perEndpoint: number } {
    return { limit: this.depth * this.perWorker - this.heldTotal, perEndpoint: this.depth * this.perEndpoint };
  }

  add(claims: ClaimedDelivery[]): void {
    for (const c of claims) {
      const q = this.waiting.get(c.webhook_id);
      if (q) q.push(c);
      else this.waiting.set(c.webhook_id, [c]);
      bump(this.held, c.webhook_id, 1);
      this.heldTotal++;
    }
  }

  /** The deliveries that may start now, one endpoint after another. */
  take(): ClaimedDelivery[] {
    const out: ClaimedDelivery[] = [];
    for (let progress = true; progress && this.inFlight < this.perWorker; ) {
      progress = false;
      for (const [id, q] of this.waiting) {
        if (this.inFlight >= this.perWorker) break;
        if ((this.running.get(id) ?? 0) >= this.perEndpoint) continue;
        out.push(q.shift()!);
        if (q.length === 0) this.waiting.delete(id);
        bump(this.running, id, 1);
        this.inFlight++;
        progress = true;
      }
    }
    return out;
  }

  /** A started delivery is done; returns how many of its endpoint's are still held. */
  finish(claim: ClaimedDelivery): number {
    bump(this.running, claim.webhook_id, -1);
    this.inFlight--;
    this.heldTotal--;
    return bump(this.held, claim.webhook_id, -1);
  }

  /** Takes back one endpoint's deliveries not started (it was turned off). */
  dropWaiting(webhookId: string): ClaimedDelivery[] {
    const out = this.waiting.get(webhookId) ?? [];
    this.waiting.delete(webhookId);
    for (const c of out) {
      bump(this.held, c.webhook_id, -1);
      this.heldTotal--;
    }
    return out;
  }

  /** Hands back every delivery not started (when stopping). */
  drainWaiting(): ClaimedDelivery[] {
    return [...this.waiting.keys()].flatMap((id) => this.dropWaiting(id));
  }
}

function bump(map: Map<string, number>, key: string, by: number): number {
  const n = (map.get(key) ?? 0) + by;
  if (n === 0) map.delete(key);
  else map.set(key, n);
  return n;
}
