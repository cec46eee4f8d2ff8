'use client';
// One registered endpoint: its state (and why Sling turned it off, if it did), the events it
// gets, its actions (enable/disable, test, rotate secret, delete) and its delivery log.
import { useId, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';
import { webhookApi, type Webhook } from './webhook-api';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookSecret } from './webhook-secret';
import { useToast } from './toasts';
import { When } from './when';

export interface RevealedSecret {
  webhookId: string;
  secret: string;
  previousUntil: string | null;
}

interface WebhookItemProps {
  webhook: Webhook;
  secret: RevealedSecret | null;
  onChanged: (webhook: Webhook) => void;
  onRotated: (revealed: RevealedSecret) => void;
  onDismissSecret: () => void;
  onDeleted: (id: string) => void;
}

export function WebhookItem({ webhook: w, secret, onChanged, onRotated, onDismissSecret, onDeleted }: WebhookItemProps) {
  const id = useId();
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const toast = useToast();

  // Buttons stay enabled while a call runs (disabling one would drop keyboard focus); a second
  // click is ignored instead.
  async function run(what: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      await what();
    } catch (e) {
      setError((e as Error).message);
      toast.show((e as Error).message, { kind: 'error' });
    } finally {
      setBusy(false);
    }
  }

  function answer(action: () => Promise<void>) {
    setConfirming(null);
    void action();
  }

  const toggle = () =>
    run(async () => {
      const changed = (await webhookApi<{ webhook: Webhook }>(`/${w.id}`, { method: 'PATCH', body: { enabled: !w.enabled } })).webhook;
      onChanged(changed);
      toast.show(changed.enabled ? 'Webhook turned on.' : 'Webhook turned off: no events are sent to it.');
    });
  const sendTest = () =>
    run(async () => {
      await webhookApi(`/${w.id}/test`, { method: 'POST' });
      setNote('Test event queued; it appears in the delivery log below.');
      toast.show('Test event queued.');
      setReload((n) => n + 1);
    });
  const rotate = () =>
    run(async () => {
      const r = await webhookApi<{ webhook: Webhook; secret: string }>(`/${w.id}/rotate-secret`, { method: 'POST' });
      onChanged(r.webhook);
      onRotated({ webhookId: w.id, secret: r.secret, previousUntil: r.webhook.previous_secret_expires_at });
      toast.show('New signing secret made; copy it now.');
    });
  const remove = () =>
    run(async () => {
      await webhookApi(`/${w.id}`, { method: 'DELETE' });
      onDeleted(w.id);
      toast.show('Webhook deleted.');
    });

  return (
    <section className="webhook stack" aria-labelledby={`${id}-url`}>
      <div className="row between">
        <h3 id={`${id}-url`} className="webhook-url">
          {w.url}
        </h3>
        <span className={`badge ${w.enabled ? 'succeeded' : 'failed'}`}>{w.enabled ? 'Enabled' : 'Disabled'}</span>
      </div>
      {w.disabled_reason ? (
        <p className="notice">
          <strong>{w.disabled_reason}</strong> Events that happen while it is off are not sent. Fix the endpoint, then choose Enable: deliveries still waiting
          resume, and failed ones can be resent from the log below.
        </p>
      ) : null}
      {w.enabled && w.failing_since ? (
        <p className="notice">
          Failing since <When iso={w.failing_since} />. Sling keeps retrying and turns the endpoint off if it does not recover.
        </p>
      ) : null}
      <ul className="chips" aria-label="Events">
        {w.events.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
      <dl className="facts">
        <dt>Last success</dt>
        <dd>{w.last_success_at ? <When iso={w.last_success_at} /> : 'never yet'}</dd>
        {w.link_id !== null ? (
          <>
            <dt>Only for</dt>
            <dd>link #{w.link_id}</dd>
          </>
        ) : null}
        {w.previous_secret_expires_at ? (
          <>
            <dt>Previous secret</dt>
            <dd>
              also signs until <When iso={w.previous_secret_expires_at} absolute />
            </dd>
          </>
        ) : null}
      </dl>
      <div className="row">
        <button type="button" className="secondary" onClick={toggle}>
          {w.enabled ? 'Disable' : 'Enable'}
        </button>
        <button type="button" className="secondary" disabled={!w.enabled} onClick={sendTest} aria-describedby={w.enabled ? undefined : `${id}-off`}>
          Send test event
        </button>
        <button type="button" className="secondary" onClick={() => setConfirming('rotate')}>
          Rotate secret…
        </button>
        <button type="button" className="secondary danger" onClick={() => setConfirming('delete')}>
          Delete…
        </button>
      </div>
      {w.enabled ? null : (
        <p className="muted" id={`${id}-off`}>
          While it is disabled, nothing is sent: enable it to send a test event or resend deliveries.
        </p>
      )}
      <p className="muted" aria-live="polite">
        {note}
      </p>
      <FormError message={error} />
      {secret ? <WebhookSecret secret={secret.secret} previousUntil={secret.previousUntil} onDismiss={onDismissSecret} /> : null}
      <WebhookDeliveries webhookId={w.id} enabled={w.enabled} reload={reload} />
      {confirming === 'rotate' ? (
        <ConfirmDialog title="Rotate the signing secret?" confirmLabel="Rotate secret" onConfirm={() => answer(rotate)} onCancel={() => setConfirming(null)}>
          <p>Sling makes a new secret and shows it once.</p>
          <p>The old secret keeps signing every delivery alongside the new one for 24 hours, so your endpoint keeps verifying while you switch it over.</p>
        </ConfirmDialog>
      ) : null}
      {confirming === 'delete' ? (
        <ConfirmDialog
          title="Delete this webhook?"
          confirmLabel="Delete webhook"
          destructive
          onConfirm={() => answer(remove)}
          onCancel={() => setConfirming(null)}
        >
          <p>
            Sling stops sending to <code>{w.url}</code> at once and deletes its delivery log. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
