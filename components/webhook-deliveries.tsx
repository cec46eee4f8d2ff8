'use client';
// A webhook's delivery log, newest first, refreshed every 3 s while the page is visible: filter by
// status, open a delivery to see its attempts and payload, resend one that is not queued.
import { Fragment, useCallback, useId, useRef, useState } from 'react';
import { DeliveryAttempts } from './delivery-attempts';
import { FormError } from './form-error';
import { useVisibleInterval } from './use-visible-interval';
import { localTime, webhookApi, type Delivery } from './webhook-api';
import { useToast } from './toasts';
import { When } from './when';

const PAGE_SIZE = 25;
const MAX_LIMIT = 100; // what the API lists at most in one answer
const STATUS_FILTERS = ['', 'pending', 'succeeded', 'failed'] as const;

interface WebhookDeliveriesProps {
  webhookId: string;
  /** Resend is refused while the webhook is turned off. */
  enabled: boolean;
  /** Bumped by the parent after it queued a delivery (a test event), to show it at once. */
  reload: number;
}

export function WebhookDeliveries({ webhookId, enabled, reload }: WebhookDeliveriesProps) {
  const id = useId();
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const toast = useToast();
  const [more, setMore] = useState(false);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [status, setStatus] = useState<(typeof STATUS_FILTERS)[number]>('');
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Answers to an older query (another filter, a slow poll) must not overwrite a newer one.
  const latest = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` is a counter (the note at the end)
  const load = useCallback(async () => {
    const ticket = ++latest.current;
    const query = new URLSearchParams({ limit: String(limit) });
    if (status) query.set('status', status);
    try {
      const page = await webhookApi<{ deliveries: Delivery[]; next_before: string | null }>(`/${webhookId}/deliveries?${query}`);
      if (ticket !== latest.current) return;
      setDeliveries(page.deliveries);
      setMore(page.next_before !== null);
      setError(null);
    } catch (e) {
      if (ticket === latest.current) setError(`Could not load the delivery log: ${(e as Error).message}`);
    }
    // `reload` is listed so that a bump gives a new `load`, which useVisibleInterval runs at once.
  }, [webhookId, limit, status, reload]);
  useVisibleInterval(load, 3000);

  async function resend(d: Delivery) {
    setError(null);
    try {
      await webhookApi(`/${webhookId}/deliveries/${d.id}/resend`, { method: 'POST' });
      toast.show('Delivery queued to be sent again.');
      await load();
    } catch (e) {
      setError((e as Error).message);
      toast.show(`Could not resend: ${(e as Error).message}`, { kind: 'error' });
    }
  }

  return (
    <div className="stack deliveries">
      <div className="row between">
        <h4 id={`${id}-h`}>Delivery log</h4>
        <label className="inline-select">
          Show
          <select value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {s || 'all'}
              </option>
            ))}
          </select>
        </label>
      </div>
      <FormError message={error} />
      {deliveries === null ? (
        <p className="muted">Loading…</p>
      ) : deliveries.length === 0 ? (
        <p className="muted">{status ? `No ${status} deliveries.` : 'No deliveries yet. Send a test event, or wait for one of the chosen events to happen.'}</p>
      ) : (
        <div className="table-scroll">
          <table className="delivery-log" aria-labelledby={`${id}-h`}>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last status code</th>
                <th scope="col">Duration (ms)</th>
                <th scope="col">Error</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => {
                const expanded = open === d.id;
                const last = d.last_attempt;
                return (
                  <Fragment key={d.id}>
                    <tr data-delivery={d.id}>
                      <td>
                        <button
                          type="button"
                          className="disclosure"
                          aria-expanded={expanded}
                          aria-controls={`${id}-${d.id}`}
                          onClick={() => setOpen(expanded ? null : d.id)}
                        >
                          <When iso={d.created_at} />
                        </button>
                      </td>
                      <td>
                        <code>{d.event}</code>
                      </td>
                      <td>
                        <span className={`badge ${d.status}`}>{d.status}</span>
                        {d.next_attempt_at && last ? (
                          <span className="muted small">
                            {' '}
                            retry <When iso={d.next_attempt_at} />
                          </span>
                        ) : null}
                      </td>
                      <td>{d.attempts}</td>
                      <td>{last?.status_code ?? '—'}</td>
                      <td>{last ? last.duration_ms : '—'}</td>
                      <td className="error-text">{last?.error ?? ''}</td>
                      <td>
                        {d.status !== 'pending' ? (
                          <button
                            type="button"
                            className="secondary small"
                            disabled={!enabled}
                            onClick={() => resend(d)}
                            aria-label={`Resend ${d.event} from ${localTime(d.created_at)}`}
                          >
                            Resend
                          </button>
                        ) : null}
                      </td>
                    </tr>
                    {expanded ? (
                      <tr id={`${id}-${d.id}`} className="delivery-open">
                        <td colSpan={8}>
                          <DeliveryAttempts webhookId={webhookId} deliveryId={d.id} version={`${d.status}-${d.attempts}`} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {more ? (
        limit < MAX_LIMIT ? (
          <div>
            <button type="button" className="secondary small" onClick={() => setLimit(Math.min(limit * 2, MAX_LIMIT))}>
              Show more
            </button>
          </div>
        ) : (
          <p className="muted">Showing the newest {MAX_LIMIT}; the API pages further back.</p>
        )
      ) : null}
    </div>
  );
}
