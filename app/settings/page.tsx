import { requireActor } from '@/app/_lib/require-actor';
import { ProfileForm } from '@/components/profile-form';
import { SettingsSection, SettingsShell } from '@/components/settings-shell';
import { can, currentDomains } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Profile — Sling' };

// Settings → Profile: your name and email, and the address new short links use.
export default async function ProfilePage() {
  const { actor, name, email } = await requireActor('/settings');
  const { defaultDomain } = await currentDomains();
  return (
    <SettingsShell current="profile" showWebhooks={can(actor, 'webhooks.read')}>
      <SettingsSection id="profile" title="Profile" level={1}>
        <ProfileForm name={name} email={email} />
      </SettingsSection>
      <SettingsSection id="domain" title="Default domain">
        <p>
          Your short links look like <strong data-testid="default-domain">{defaultDomain.hostname}</strong>/your-alias.
        </p>
        <p className="muted">Every link made on this Sling server uses this address.</p>
      </SettingsSection>
    </SettingsShell>
  );
}
