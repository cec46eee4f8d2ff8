import { requireAdmin } from '@/app/_lib/require-admin';
import { AdminShell } from '@/components/admin-shell';
import { InstanceSettingsForm } from '@/components/instance-settings-form';
import { SettingsSection } from '@/components/settings-shell';
import { database, getInstanceSettings, settingsJson } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Instance settings — Admin — Sling', robots: { index: false } };

// Admin → Instance settings: sign-ups and anonymous shortening for the whole instance.
export default async function InstanceSettingsPage() {
  await requireAdmin();
  const settings = settingsJson(await getInstanceSettings((await database()).db));
  return (
    <AdminShell current="settings">
      <SettingsSection id="instance" title="Instance settings" level={1}>
        <p className="muted">These apply to everyone on this Sling instance. Changes take effect within a few seconds on every server.</p>
        <InstanceSettingsForm settings={settings} />
      </SettingsSection>
    </AdminShell>
  );
}
