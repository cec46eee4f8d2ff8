'use client';
// Settings → Webhooks: register an endpoint or a chat channel (its kind and target, then the events
// it wants). The API's field errors are shown next to their fields.
import { useId, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS } from '@/lib/webhooks/event-types';
import { WEBHOOK_EVENT_LABELS } from '@/lib/webhooks/event-labels';
import { FormError } from './form-error';
import { ApiError, webhookApi, type Webhook } from './webhook-api';
import { useToast } from './toasts';
import { kindBody, WebhookKindFields } from './webhook-kind-fields';
import { KIND_LABELS, type WebhookKind } from '@/lib/webhooks/channel-kinds';

/** The fields this form shows errors next to. */
const FIELDS = ['kind', 'url', 'target', 'chat_id', 'name', 'events'];

/** `secret`: a signed webhook's, shown once; null for a channel. */
export function WebhookForm({ onCreated }: { onCreated: (webhook: Webhook, secret: string | null) => void }) {
  const id = useId();
  const [kind, setKind] = useState<WebhookKind>('webhook');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const toast = useToast();

  async function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return; // the button stays enabled (and focused); a second submit is ignored
    const form = e.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const r = await webhookApi<{ webhook: Webhook; secret?: string }>('', {
        method: 'POST',
        body: { ...kindBody(kind, data), events: data.getAll('events') },
      });
      form.reset();
      onCreated(r.webhook, r.secret ?? null);
      toast.show(
        r.secret
          ? 'Webhook added. Copy its signing secret now: it is shown only once.'
          : `${KIND_LABELS[kind]} channel added. Send a test message to check it.`,
      );
    } catch (err) {
      const details = err instanceof ApiError ? err.details : {};
      setFields(details);
      // A message a field already shows need not be repeated above the form.
      if (!Object.keys(details).some((k) => FIELDS.includes(k))) setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (name: string) =>
    fields[name] ? (
      <span className="field-error" id={`${id}-${name}-error`}>
        {fields[name]}
      </span>
    ) : null;

  return (
    <form className="stack webhook-form" onSubmit={create} noValidate aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Add an endpoint or a channel</h3>
      <WebhookKindFields
        id={id}
        kind={kind}
        onKind={(k) => {
          setKind(k);
          setFields({});
        }}
        errors={fields}
        fieldError={fieldError}
      />
      <fieldset aria-invalid={Boolean(fields.events)} aria-describedby={fields.events ? `${id}-events-error` : undefined}>
        <legend>Events to send</legend>
        <div className="event-choices">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="inline">
              <input type="checkbox" name="events" value={event} />
              <span className="event-choice-name">
                {WEBHOOK_EVENT_LABELS[event]} <code className="muted">{event}</code>
              </span>
            </label>
          ))}
        </div>
        {fieldError('events')}
      </fieldset>
      <FormError message={error} />
      <div>
        <button type="submit">{kind === 'webhook' ? 'Add webhook' : `Add ${KIND_LABELS[kind]} channel`}</button>
      </div>
    </form>
  );
}
