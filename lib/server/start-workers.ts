// What a worker instance (role all or worker) runs: the job system (pg-boss) and the webhook
// dispatcher, woken by recorded events from any process (db/migrations/0042_events_notify.sql).
import type PgBoss from 'pg-boss';
import type { Clock } from '../core/clock';
import { setGlobalSingleton } from '../core/global-singleton';
import { openJobSystem } from '../jobs/job-system';
import { startWebhookDispatcher, type Dispatcher } from '../webhooks/dispatcher';
import { EVENTS_CHANNEL } from '../webhooks/events-channel';
import { notifyWebhookDisabled } from '../webhooks/notify-disabled';
import type { Runtime } from './open-runtime';

export interface Workers {
  jobs: PgBoss;
  webhooks: Dispatcher;
  /** Stops listening for recorded events (undefined when the database cannot notify). */
  stopListening?: () => Promise<void>;
}

export async function startWorkers({ config, handle }: Pick<Runtime, 'config' | 'handle'>, clock: Clock): Promise<Workers> {
  const jobs = await openJobSystem(handle, { work: true, maintenanceSeconds: config.JOBS_MAINTENANCE_SECONDS, pollSeconds: config.JOBS_POLL_SECONDS, clock });
  // Route handlers send jobs through it (lib/db/send-job.ts).
  setGlobalSingleton('jobSystem', jobs);
  const webhooks = startWebhookDispatcher(handle, {
    secretKey: config.SECRET_KEY,
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
    timeoutMs: config.WEBHOOKS_TIMEOUT_MS,
    retrySchedule: config.WEBHOOKS_RETRY_SCHEDULE,
    disableAfterFailures: config.WEBHOOKS_DISABLE_AFTER_FAILURES,
    disableAfterHours: config.WEBHOOKS_DISABLE_AFTER_HOURS,
    concurrency: config.WEBHOOKS_CONCURRENCY,
    endpointConcurrency: config.WEBHOOKS_ENDPOINT_CONCURRENCY,
    pollMs: config.WEBHOOKS_POLL_MS,
    telegramApiUrl: config.TELEGRAM_API_URL,
    notifyDisabled: (notice) => notifyWebhookDisabled(notice, config.BASE_URL),
  });
  // Recorded events wake it, from any process, and so do the API's webhook routes
  // (lib/api/handlers/webhook-routes.ts), through the same notification.
  const stopListening = await handle.listen?.(EVENTS_CHANNEL, () => webhooks.wake());
  return { jobs, webhooks, stopListening };
}
