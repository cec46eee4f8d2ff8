'use client';
// One delivery opened up: every attempt (status, duration, error, the start of the answer) and
// the JSON payload that was signed and sent. Reloaded when the delivery's attempt count changes.
import { useEffect, useState } from 'react';
import { FormError } from './form-error';
import { webhookApi, type DeliveryDetails } from './webhook-api';
import { When } from './when';

interface DeliveryAttemptsProps {
  webhookId: string;
  deliveryId: string;
  /** Changes when the delivery does (attempts, status), to load it again. */
  version: string;
}

export function DeliveryAttempts({ webhookId, deliveryId, version }: DeliveryAttemptsProps) {
  const [details, setDetails] = useState<DeliveryDetails | null>(null);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is bumped by the parent to read the attempts again
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const d = await webhookApi<DeliveryDetails>(`/${webhookId}/deliveries/${deliveryId}`);
        if (cancelled) return;
        setDetails(d);
        setError(null);
      } catch (e) {
        if (!cancelled) setError((e as Error).message);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [webhookId, deliveryId, version]);

  if (error) return <FormError message={error} />;
  if (!details) return <p className="muted">Loading…</p>;
  return (
    <div className="delivery-details stack">
      <div>
        <h4>Attempts</h4>
        {details.attempts.length === 0 ? (
          <p className="muted">
            Not tried yet; the first attempt is due {details.delivery.next_attempt_at ? <When iso={details.delivery.next_attempt_at} /> : 'soon'}.
          </p>
        ) : (
          <ol className="attempts">
            {details.attempts.map((a, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a delivery's attempts only grow, in order, and have no id of their own
              <li key={i}>
                <p>
                  <When iso={a.attempted_at} /> — <strong>{a.status_code ?? 'no answer'}</strong> in {a.duration_ms} ms
                  {a.succeeded ? ' (succeeded)' : ''}
                  {a.error ? <span className="error-text"> — {a.error}</span> : null}
                </p>
                {a.response_body ? (
                  // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a focusable scroll box (tabIndex) named for screen readers; see the lint note in docs/architecture/tooling.md
                  <pre tabIndex={0} aria-label={`Response to attempt ${i + 1} (first KiB)`}>
                    {a.response_body.slice(0, 1024)}
                  </pre>
                ) : (
                  <p className="muted">Empty response body.</p>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      <div>
        <h4>Payload</h4>
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a focusable scroll box (tabIndex) named for screen readers; see the lint note in docs/architecture/tooling.md */}
        <pre tabIndex={0} aria-label="Payload">
          {JSON.stringify(details.payload, null, 2)}
        </pre>
      </div>
    </div>
  );
}
