import { requireActor } from '@/app/_lib/require-actor';
import { WebhookManager } from '@/components/webhook-manager';
import { can } from '@/lib/workspaces/actor';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Webhooks — Sling' };

export default async function WebhooksPage() {
  const { actor } = await requireActor();
  if (!can(actor, 'webhooks.read')) {
    return (
      <main>
        <div className="card wide stack" data-testid="needs-admin">
          <h1>Webhooks</h1>
          <p>Only the owner and admins of {actor.workspace.name} manage its webhooks. Ask one of them if you need events sent somewhere.</p>
          <p>
            <a href="/links">Back to links</a>
          </p>
        </div>
      </main>
    );
  }
  return (
    <main>
      <div className="card wide stack">
        <div className="row between">
          <h1>Webhooks</h1>
          <div className="row">
            <a href="/settings">Settings</a>
            <a href="/links">Links</a>
          </div>
        </div>
        <p className="muted">
          Sling sends a signed JSON <code>POST</code> to your endpoint when one of the chosen events happens. A failed delivery is retried for about a day; an
          endpoint that keeps failing is turned off, and you get an email.
        </p>
        <WebhookManager />
      </div>
    </main>
  );
}
