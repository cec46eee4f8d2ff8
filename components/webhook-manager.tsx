'use client';
// Settings → Webhooks: the registration form, then every endpoint with its delivery log. The
// list is refreshed every 3 s while visible, so an endpoint Sling turns off shows up as such.
import { useCallback, useRef, useState } from 'react';
import { FormError } from './form-error';
import { useVisibleInterval } from './use-visible-interval';
import { webhookApi, type Webhook } from './webhook-api';
import { WebhookForm } from './webhook-form';
import { WebhookItem, type RevealedSecret } from './webhook-item';

export function WebhookManager() {
  const [webhooks, setWebhooks] = useState<Webhook[] | null>(null);
  const [secret, setSecret] = useState<RevealedSecret | null>(null);
  const [error, setError] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // A change made here outdates any list request already on its way.
  const latest = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    try {
      const r = await webhookApi<{ webhooks: Webhook[] }>('');
      if (ticket !== latest.current) return;
      setWebhooks(r.webhooks);
      setError(null);
    } catch (e) {
      if (ticket === latest.current) setError(`Could not load your webhooks: ${(e as Error).message}`);
    }
  }, []);
  useVisibleInterval(load, 3000);

  const update = (change: (list: Webhook[]) => Webhook[]) => {
    latest.current++;
    setWebhooks((list) => change(list ?? []));
  };
  const replace = (w: Webhook) => update((list) => list.map((x) => (x.id === w.id ? w : x)));

  return (
    <div className="stack">
      <WebhookForm
        onCreated={(w, s) => {
          update((list) => [...list, w]);
          setSecret(s === null ? null : { webhookId: w.id, secret: s, previousUntil: null });
        }}
      />
      <section className="stack" aria-labelledby="webhooks-h">
        <h2 id="webhooks-h" ref={listHeading} tabIndex={-1}>
          Your webhooks and channels
        </h2>
        <FormError message={error} />
        {webhooks === null ? (
          <p className="muted">Loading…</p>
        ) : webhooks.length === 0 ? (
          <p className="muted">No webhooks yet — add an endpoint above to receive events.</p>
        ) : (
          webhooks.map((w) => (
            <WebhookItem
              key={w.id}
              webhook={w}
              secret={secret?.webhookId === w.id ? secret : null}
              onChanged={replace}
              onRotated={setSecret}
              onDismissSecret={() => setSecret(null)}
              onDeleted={(id) => {
                update((list) => list.filter((x) => x.id !== id));
                listHeading.current?.focus();
              }}
            />
          ))
        )}
      </section>
    </div>
  );
}
