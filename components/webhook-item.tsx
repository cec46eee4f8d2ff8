'use client';
// One registered endpoint or chat channel: its kind and state (and why Sling turned it off, if it
// did), the events it gets, its actions (enable/disable, test, rotate a webhook's secret, delete)
// and its delivery log. A test shows how it went once its attempt is recorded.
import { useEffect, useId, useRef, useState } from 'react';
import { KIND_LABELS } from '@/lib/webhooks/channel-kinds';
import { KindMark } from './channel-marks';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';
import { webhookApi, type Delivery, type DeliveryDetails, type Webhook } from './webhook-api';
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
  const channel = w.kind !== 'webhook';
  const what = channel ? 'message' : 'event';
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

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
      toast.show(`${channel ? 'Channel' : 'Webhook'} turned ${changed.enabled ? 'on.' : 'off: no events are sent to it.'}`);
    });
  const sendTest = () =>
    run(async () => {
      const { delivery } = await webhookApi<{ delivery: Delivery }>(`/${w.id}/test`, { method: 'POST' });
      setNote(`Test ${what} queued; it appears in the delivery log below.`);
      toast.show(`Test ${what} queued.`);
      setReload((n) => n + 1);
      void reportTest(delivery.id);
    });

  /** Says how the test went once its one attempt is recorded (the worker sends it within a second or so). */
  async function reportTest(deliveryId: string) {
    for (let i = 0; i < 30 && mounted.current; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      let d: DeliveryDetails['delivery'];
      try {
        d = (await webhookApi<DeliveryDetails>(`/${w.id}/deliveries/${deliveryId}`)).delivery;
      } catch {
        return; // deleted meanwhile, or offline: the log says the rest
      }
      if (d.status === 'pending' || !mounted.current) continue;
      const a = d.last_attempt;
      const told =
        d.status === 'succeeded'
          ? `Test ${what} delivered: ${channel ? KIND_LABELS[w.kind] : 'your endpoint'} answered ${a?.status_code ?? 'OK'}.`
          : `Test ${what} failed: ${a?.error ?? 'no answer'}.`;
      setNote(told);
      toast.show(told, d.status === 'succeeded' ? undefined : { kind: 'error' });
      setReload((n) => n + 1);
      return;
    }
  }
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
      toast.show(channel ? 'Channel deleted.' : 'Webhook deleted.');
    });

  return (
    <section className={`webhook stack kind-${w.kind}`} aria-labelledby={`${id}-url`}>
      <div className="row between webhook-head">
        <div className="webhook-title">
          <KindMark kind={w.kind} size={24} />
          <div>
            <h3 id={`${id}-url`} className={channel ? 'channel-name' : 'webhook-url'}>
              {channel ? (w.name ?? `${KIND_LABELS[w.kind]} channel`) : w.url}
            </h3>
            <p className="muted webhook-kind">
              {KIND_LABELS[w.kind]}
              {channel ? (
                <>
                  {' · '}
                  <span className="webhook-url">{w.url}</span>
                </>
              ) : w.name ? (
                ` · ${w.name}`
              ) : null}
            </p>
          </div>
        </div>
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
          Send test {what}
        </button>
        {channel ? null : (
          <button type="button" className="secondary" onClick={() => setConfirming('rotate')}>
            Rotate secret…
          </button>
        )}
        <button type="button" className="secondary danger" onClick={() => setConfirming('delete')}>
          Delete…
        </button>
      </div>
      {w.enabled ? null : (
        <p className="muted" id={`${id}-off`}>
          While it is disabled, nothing is sent: enable it to send a test {what} or resend deliveries.
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
          title={channel ? 'Delete this channel?' : 'Delete this webhook?'}
          confirmLabel={channel ? 'Delete channel' : 'Delete webhook'}
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
