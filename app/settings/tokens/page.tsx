import { requireActor } from '@/app/_lib/require-actor';
import { SettingsSection, SettingsShell } from '@/components/settings-shell';
import { TokenManager } from '@/components/token-manager';
import { can } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'API tokens — Sling' };

// Settings → API tokens: keys for scripts and other apps, each limited to this workspace.
export default async function TokensPage() {
  const { actor } = await requireActor('/settings/tokens');
  return (
    <SettingsShell current="tokens" showWebhooks={can(actor, 'webhooks.read')}>
      <SettingsSection id="tokens" title="API tokens" level={1}>
        <p className="muted" data-testid="tokens-workspace">
          A token lets a script or another app create and read short links for you in <strong>{actor.workspace.name}</strong>, and only there. Choose what each
          token may do, and keep it as secret as a password: anyone who has it can act as you. To use another workspace, switch to it and make a token there.
        </p>
        <p className="muted">
          How to use a token, with examples and a console to try every endpoint: the <a href="/docs">API reference</a>.
        </p>
        <TokenManager />
      </SettingsSection>
    </SettingsShell>
  );
}
