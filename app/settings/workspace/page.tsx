import { requireActor } from '@/app/_lib/require-actor';
import { DeleteWorkspace } from '@/components/delete-workspace';
import { SettingsShell } from '@/components/settings-shell';
import { TransferOwnership } from '@/components/transfer-ownership';
import { WorkspaceGeneralForm } from '@/components/workspace-general-form';
import { can } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Workspace — Sling' };

// Settings → General: name and slug, the plan; the owner of a team workspace also transfers or deletes it.
export default async function WorkspaceSettingsPage() {
  const { actor } = await requireActor('/settings/workspace');
  const { workspace } = actor;
  const ownsTeam = workspace.kind === 'team' && actor.role === 'owner';
  return (
    <SettingsShell current="workspace" showWebhooks={can(actor, 'webhooks.read')}>
      <section className="settings-section stack" aria-labelledby="general-h">
        <h1 id="general-h" className="section-title">
          General
        </h1>
        <dl className="facts">
          <dt>Kind</dt>
          <dd>{workspace.kind === 'personal' ? 'Personal workspace (only you)' : 'Team workspace'}</dd>
          <dt>Plan</dt>
          <dd>
            <span className="plan" data-testid="workspace-plan">
              {workspace.plan}
            </span>
          </dd>
        </dl>
        <WorkspaceGeneralForm name={workspace.name} slug={workspace.slug} editable={can(actor, 'workspace.update')} />
      </section>
      {ownsTeam ? (
        <>
          <section id="transfer" className="settings-section stack" aria-labelledby="transfer-h">
            <h2 id="transfer-h">Transfer ownership</h2>
            <TransferOwnership workspaceName={workspace.name} />
          </section>
          <section className="settings-section stack danger-zone" aria-labelledby="delete-h">
            <h2 id="delete-h">Delete workspace</h2>
            <DeleteWorkspace workspaceName={workspace.name} />
          </section>
        </>
      ) : workspace.kind === 'personal' ? (
        <p className="muted">
          Your personal workspace is always yours: it cannot be transferred or deleted. Create a team workspace to share links with others.
        </p>
      ) : null}
    </SettingsShell>
  );
}
