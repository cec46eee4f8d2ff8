import { requireActor } from '@/app/_lib/require-actor';
import { SettingsShell } from '@/components/settings-shell';
import { WebhookManager } from '@/components/webhook-manager';
import { can } from '@/app/_lib/sling';
import '../../channels.css';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Webhooks — Sling' };

export default async function WebhooksPage() {
  const { actor } = await requireActor('/settings/webhooks');
  const allowed = can(actor, 'webhooks.read');
  return (
    <SettingsShell current="webhooks" showWebhooks={allowed}>
      <section className="settings-section stack" aria-labelledby="webhooks-h">
        <h1 id="webhooks-h" className="section-title">
          Webhooks
        </h1>
        {allowed ? (
          <>
            <p className="muted">
              Sling sends a signed JSON <code>POST</code> to your endpoint, or a message to a Slack, Discord, Microsoft Teams or Telegram channel, when one of
              the chosen events happens in <strong>{actor.workspace.name}</strong>. A failed delivery is retried for about a day; one that keeps failing is
              turned off, and you get an email.
            </p>
            <WebhookManager />
          </>
        ) : (
          <div className="stack" data-testid="needs-admin">
            <p>Only the owner and admins of {actor.workspace.name} manage its webhooks. Ask one of them if you need events sent somewhere.</p>
            <p>
              <a href="/links">Back to links</a>
            </p>
          </div>
        )}
      </section>
    </SettingsShell>
  );
}
