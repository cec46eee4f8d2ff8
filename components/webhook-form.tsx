'use client';
// Settings → Webhooks: register an endpoint (URL and the events it wants). The API's field
// errors are shown next to their fields.
import { useId, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS } from '@/lib/webhooks/event-types';
import { FormError } from './form-error';
import { ApiError, webhookApi, type Webhook } from './webhook-api';
import { useToast } from './toasts';

/** The fields this form shows errors next to. */
const FIELDS = ['url', 'events'];

export function WebhookForm({ onCreated }: { onCreated: (webhook: Webhook, secret: string) => void }) {
  const id = useId();
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
      const r = await webhookApi<{ webhook: Webhook; secret: string }>('', { method: 'POST', body: { url: data.get('url'), events: data.getAll('events') } });
      form.reset();
      onCreated(r.webhook, r.secret);
      toast.show('Webhook added. Copy its signing secret now: it is shown only once.');
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
      <h3 id={`${id}-h`}>Add an endpoint</h3>
      <label>
        Endpoint URL
        <input
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/sling-webhook"
          aria-invalid={Boolean(fields.url)}
          aria-describedby={fields.url ? `${id}-url-error` : undefined}
        />
        {fieldError('url')}
      </label>
      <fieldset aria-invalid={Boolean(fields.events)} aria-describedby={fields.events ? `${id}-events-error` : undefined}>
        <legend>Events to send</legend>
        <div className="event-choices">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="inline">
              <input type="checkbox" name="events" value={event} /> <code>{event}</code>
            </label>
          ))}
        </div>
        {fieldError('events')}
      </fieldset>
      <FormError message={error} />
      <div>
        <button type="submit">Add webhook</button>
      </div>
    </form>
  );
}
