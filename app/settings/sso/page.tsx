import { requireActor } from '@/app/_lib/require-actor';
import { SettingsShell } from '@/components/settings-shell';
import { PlanGatedSteps } from '@/components/plan-gated-steps';
import { SsoManager } from '@/components/sso-manager';
import { can, loadConfig } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Single sign-on — Sling' };

/** The set-up, shown greyed on a plan without single sign-on (docs/guide/single-sign-on.md). */
const SSO_STEPS = [
  { title: 'Choose OpenID Connect or SAML', detail: 'Okta, Microsoft Entra ID, Google Workspace or any OpenID Connect or SAML 2.0 provider.' },
  {
    title: 'Enter the identity provider’s details',
    detail: 'Its issuer and client credentials, or its SAML metadata; Sling’s callback or ACS URL to paste into it.',
  },
  { title: 'Verify your email domain', detail: 'A DNS TXT record at your company’s domain.' },
  { title: 'Test the connection', detail: 'Sling checks the provider’s keys, certificate and credentials.' },
  { title: 'Enable single sign-on', detail: 'People at your domain choose “Continue with SSO”; optionally require it.' },
];

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
          <PlanGatedSteps feature="Single sign-on" workspace={actor.workspace} steps={SSO_STEPS} />
        ) : (
          <>
            <p className="muted">
              People with an address at your company’s domain sign in to <strong>{actor.workspace.name}</strong> through your identity provider, and join it on
              their first sign-in. Set it up in five steps; each shows what is done and what comes next.
            </p>
            <SsoManager baseUrl={loadConfig().BASE_URL} />
          </>
        )}
      </section>
    </SettingsShell>
  );
}
