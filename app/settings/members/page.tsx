import { requireActor } from '@/app/_lib/require-actor';
import { CreateWorkspaceButton } from '@/components/create-workspace-button';
import { LeaveWorkspace } from '@/components/leave-workspace';
import { MembersManager } from '@/components/members-manager';
import { SettingsShell } from '@/components/settings-shell';
import { can, mailConfigured } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Members — Sling' };

// Settings → Members. A personal workspace has one member and takes no invitations: it points to a team workspace instead.
export default async function MembersPage() {
  const { actor } = await requireActor('/settings/members');
  const team = actor.workspace.kind === 'team';
  return (
    <SettingsShell current="members" showWebhooks={can(actor, 'webhooks.read')}>
      <MembersManager viewerId={actor.userId} workspaceName={actor.workspace.name} manage={team && can(actor, 'members.write')} mailOff={!mailConfigured()} />
      {!team ? (
        <section className="settings-section stack" aria-labelledby="team-h">
          <h2 id="team-h">Work with others</h2>
          <p>
            {actor.workspace.name} is your personal workspace: only you are in it. To share links with other people, create a team workspace and invite them
            there.
          </p>
          <div>
            <CreateWorkspaceButton />
          </div>
        </section>
      ) : (
        <section className="settings-section stack" aria-labelledby="leave-h">
          <h2 id="leave-h">Leave workspace</h2>
          {actor.role === 'owner' ? (
            <p>
              You own {actor.workspace.name}, so you cannot leave it yet: first <a href="/settings/workspace#transfer">transfer ownership</a> to another member.
            </p>
          ) : (
            <LeaveWorkspace workspaceName={actor.workspace.name} />
          )}
        </section>
      )}
    </SettingsShell>
  );
}
