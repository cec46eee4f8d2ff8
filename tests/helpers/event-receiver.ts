// A signed webhook subscribed to some events, a real receiver on loopback behind it and the real
// dispatcher delivering to it: for tests that check an event reaches a subscriber, and only then.
import type { AppContext } from '../../lib/context/app-context';
import type { DbHandle } from '../../lib/db/types';
import { startWebhookDispatcher, type Dispatcher } from '../../lib/webhooks/dispatcher';
import { createWebhook } from '../../lib/webhooks/manage-webhooks';
import type { WebhookEvent } from '../../lib/webhooks/event-types';
import { TEST_SECRET } from './databases';
import { startReceiver, type Receiver } from './webhook-receiver';
import type { TestUser } from './workspace-fixtures';

export interface EventReceiver {
  receiver: Receiver;
  webhookId: string;
  /** The payloads of one event type that arrived (signature verified). */
  payloads(event: string): Array<{ id: string; event: string; timestamp: string; data: any }>;
  /** True once every event is fanned out and none of this webhook's deliveries waits. */
  settled(): Promise<boolean>;
  close(): Promise<void>;
}

/** Subscribes a webhook of `user`'s workspace to `events`, delivering to a local receiver. */
export async function receiveEvents(ctx: AppContext & { handle: DbHandle }, user: TestUser, events: WebhookEvent[]): Promise<EventReceiver> {
  const receiver = await startReceiver([]);
  const scope = { db: ctx.handle.db, domains: ctx.domains, actor: user.actor, secretKey: TEST_SECRET, policy: { allowPrivate: true } };
  const { webhook, secret } = await createWebhook(scope, { url: receiver.url, events });
  receiver.secrets.push(secret!);
  const dispatcher: Dispatcher = startWebhookDispatcher(ctx.handle, {
    secretKey: TEST_SECRET,
    allowPrivate: true,
    timeoutMs: 2_000,
    retrySchedule: [0.2, 0.2, 0.2],
    disableAfterFailures: 50,
    disableAfterHours: 120,
    concurrency: 4,
    endpointConcurrency: 4,
    pollMs: 100,
    notifyDisabled: async () => {},
  });
  return {
    receiver,
    webhookId: webhook.id,
    payloads: (event) => receiver.received.filter((r) => r.verified && r.payload.event === event).map((r) => r.payload),
    async settled() {
      const [row] = await ctx.handle.query<{ undispatched: number; pending: number }>(
        `SELECT (SELECT count(*) FROM events WHERE dispatched_at IS NULL)::int AS undispatched,
                (SELECT count(*) FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'pending')::int AS pending`,
        [webhook.id],
      );
      return row.undispatched === 0 && row.pending === 0;
    },
    async close() {
      await dispatcher.stop();
      await receiver.close();
    },
  };
}
