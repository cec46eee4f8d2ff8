import { requireActor } from '@/app/_lib/require-actor';
import { ProfileForm } from '@/components/profile-form';
import { SettingsSection, SettingsShell } from '@/components/settings-shell';
import { can, currentDomains } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Profile — Sling' };

// Settings → Profile: your name and email, and the address new short links use.
export default async function ProfilePage() {
  const { actor, name, email } = await requireActor('/settings');
  const domains = await currentDomains();
  // As a new link's short_url reads, port included (localhost:3600/…), less the scheme.
  const example = domains.shortUrl(domains.defaultFor(actor.workspaceId), 'your-alias').replace(/^https?:\/\//, '');
  return (
    <SettingsShell current="profile" showWebhooks={can(actor, 'webhooks.read')}>
      <SettingsSection id="profile" title="Profile" level={1}>
        <ProfileForm name={name} email={email} />
      </SettingsSection>
      <SettingsSection id="domain" title="Default domain">
        <p>
          Your short links look like <strong data-testid="default-domain">{example}</strong>.
        </p>
        <p className="muted">New links in this workspace use this address unless you pick another of its domains.</p>
      </SettingsSection>
    </SettingsShell>
  );
}
