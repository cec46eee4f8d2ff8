import { requireActor } from '@/app/_lib/require-actor';
import { SettingsShell } from '@/components/settings-shell';
import { SsoManager } from '@/components/sso-manager';
import { can, loadConfig } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Single sign-on — Sling' };

// Settings → Single sign-on: the workspace's identity provider connections (admins, Enterprise teams).
export default async function SsoPage() {
  const { actor } = await requireActor('/settings/sso');
  const admin = can(actor, 'sso.manage');
  const enterprise = actor.workspace.plan === 'enterprise' && actor.workspace.kind === 'team';
  return (
    <SettingsShell current="sso" showWebhooks={can(actor, 'webhooks.read')}>
      <section className="settings-section stack" aria-labelledby="sso-h">
        <h1 id="sso-h" className="section-title">
          Single sign-on
        </h1>
        {!admin ? (
          <p data-testid="needs-admin">Only the owner and admins of {actor.workspace.name} set up single sign-on.</p>
        ) : !enterprise ? (
          <div className="stack" data-testid="needs-enterprise">
            <p>
              Single sign-on is part of the Enterprise plan for team workspaces. {actor.workspace.name} is a {actor.workspace.kind} workspace on the{' '}
              <span className="plan">{actor.workspace.plan}</span> plan.
            </p>
            <p>
              <a href="/settings/plan">See plans</a>
            </p>
          </div>
        ) : (
          <>
            <p className="muted">
              People with an address at your company’s domain sign in to <strong>{actor.workspace.name}</strong> through your identity provider, and join it on
              their first sign-in. Set it up in five steps: choose the provider, enter its credentials (or, for SAML, its metadata), register Sling with it,
              test, and enable.
            </p>
            <SsoManager baseUrl={loadConfig().BASE_URL} />
          </>
        )}
      </section>
    </SettingsShell>
  );
}
