import { requireActor } from '@/app/_lib/require-actor';
import { DirectorySyncManager } from '@/components/directory-sync-manager';
import { SettingsShell } from '@/components/settings-shell';
import { can } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Directory sync — Sling' };

// Settings → Directory sync: SCIM 2.0 provisioning from the identity provider (admins, Enterprise teams).
export default async function DirectorySyncPage() {
  const { actor } = await requireActor('/settings/directory-sync');
  const admin = can(actor, 'sso.manage');
  const enterprise = actor.workspace.plan === 'enterprise' && actor.workspace.kind === 'team';
  return (
    <SettingsShell current="directory-sync" showWebhooks={can(actor, 'webhooks.read')}>
      <section className="settings-section stack" aria-labelledby="dsync-h">
        <h1 id="dsync-h" className="section-title">
          Directory sync
        </h1>
        {!admin ? (
          <p data-testid="needs-admin">Only the owner and admins of {actor.workspace.name} set up directory sync.</p>
        ) : !enterprise ? (
          <div className="stack" data-testid="needs-enterprise">
            <p>
              Directory sync (SCIM) is part of the Enterprise plan for team workspaces. {actor.workspace.name} is a {actor.workspace.kind} workspace on the{' '}
              <span className="plan">{actor.workspace.plan}</span> plan.
            </p>
            <p>
              <a href="/settings/plan">See plans</a>
            </p>
          </div>
        ) : (
          <>
            <p className="muted">
              Your identity provider (Okta, Microsoft Entra ID, …) adds people to <strong>{actor.workspace.name}</strong> when they are assigned to Sling, and
              removes them when they are unassigned or deactivated: their sessions and API tokens for this workspace end at once. People join with the default
              role of the SSO connection of their email domain, so prove the domain under <a href="/settings/sso">Single sign-on</a> first.
            </p>
            <DirectorySyncManager />
          </>
        )}
      </section>
    </SettingsShell>
  );
}
