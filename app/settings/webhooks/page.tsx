import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { WebhookManager } from '@/components/webhook-manager';
import { getAuth } from '@/lib/auth/auth';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Webhooks — Sling' };

export default async function WebhooksPage() {
  const session = await (await getAuth()).api.getSession({ headers: await headers() });
  if (!session) redirect('/login');
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
