import { requireActor } from '@/app/_lib/require-actor';
import { DirectorySyncManager } from '@/components/directory-sync-manager';
import { PlanGatedSteps } from '@/components/plan-gated-steps';
import { SettingsShell } from '@/components/settings-shell';
import { can } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Directory sync — Sling' };

/** The set-up, shown greyed on a plan without directory sync (docs/guide/directory-sync.md). */
const DSYNC_STEPS = [
  { title: 'Create the SCIM token', detail: 'Shown once, to copy.' },
  { title: 'Paste the SCIM base URL and token into your identity provider', detail: 'Okta, Microsoft Entra ID or any SCIM 2.0 client.' },
  { title: 'See the first sync arrive', detail: 'The last request, and how many users and groups the provider has sent.' },
];

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
          <PlanGatedSteps feature="Directory sync (SCIM)" workspace={actor.workspace} steps={DSYNC_STEPS} />
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
