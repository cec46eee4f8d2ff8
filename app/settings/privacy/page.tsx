import { requireActor } from '@/app/_lib/require-actor';
import { PrivacySettingsForm } from '@/components/privacy-settings-form';
import { SettingsSection, SettingsShell } from '@/components/settings-shell';
import { can, database, getWorkspacePrivacy, instancePrivacy, loadConfig } from '@/app/_lib/sling';
import '../../privacy.css';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Privacy — Sling' };

// Settings → Privacy: what the workspace's clicks keep of their visitors (docs/guide/privacy.md).
export default async function PrivacySettingsPage() {
  const { actor } = await requireActor('/settings/privacy');
  const privacy = await getWorkspacePrivacy((await database()).db, actor.workspaceId, instancePrivacy(loadConfig()));
  return (
    <SettingsShell current="privacy" showWebhooks={can(actor, 'webhooks.read')}>
      <SettingsSection id="privacy" title="Privacy" level={1}>
        <p className="muted">
          What Sling keeps of each visitor who clicks this workspace’s links. Changes apply to clicks from now on; clicks already stored keep what they were
          stored with. Unique visitors are counted whatever you choose.
        </p>
        <PrivacySettingsForm privacy={privacy} editable={can(actor, 'workspace.update')} />
      </SettingsSection>
    </SettingsShell>
  );
}
