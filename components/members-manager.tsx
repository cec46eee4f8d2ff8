'use client';
// Settings → Members: the member list for everyone; for admins and the owner of a team workspace,
// the invite form and pending invitations too. Every change is announced in a toast; when the server
// sends no mail, an invitation's link is shown to copy instead (docs/guide/workspaces.md).
import { useCallback, useEffect, useState } from 'react';
import { apiJson } from './api-client';
import { FormError } from './form-error';
import { HandoverLink } from './handover-link';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { useToast } from './toasts';
import { ROLE_NAMES, type Invitation, type IssuedInvitation, type Member, type Role } from './workspace-api';

interface MembersManagerProps {
  viewerId: string;
  workspaceName: string;
  /** Admins and the owner of a team workspace: invite, change roles, remove. */
  manage: boolean;
  /** The server sends no mail (SMTP_URL unset): invitations answer their link, shown to copy. */
  mailOff: boolean;
}

/** A link to hand over, and where it was asked for: the invite form or a pending invitation. */
type Handover = { email: string; link: string; from: 'invite' | 'list' };

export function MembersManager({ viewerId, workspaceName, manage, mailOff }: MembersManagerProps) {
  const [members, setMembers] = useState<Member[] | null>(null);
  const [invitations, setInvitations] = useState<Invitation[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [handover, setHandover] = useState<Handover | null>(null);
  const toast = useToast();

  const load = useCallback(async () => {
    try {
      const [m, i] = await Promise.all([
        apiJson<{ members: Member[] }>('/api/v1/workspace/members'),
        manage ? apiJson<{ invitations: Invitation[] }>('/api/v1/workspace/invitations') : Promise.resolve({ invitations: [] }),
      ]);
      setMembers(m.members);
      setInvitations(i.invitations);
      setError(null);
    } catch (e) {
      setError(`Could not load the members: ${(e as Error).message}`);
    }
  }, [manage]);
  useEffect(() => void load(), [load]);

  /** Runs a change, then reloads the lists; a refusal is shown as an error toast. */
  async function change(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      toast.show(done);
    } catch (e) {
      toast.show((e as Error).message, { kind: 'error' });
    }
    await load();
  }

  const name = (m: Member) => m.name || m.email;
  const memberPath = (m: Member) => `/api/v1/workspace/members/${encodeURIComponent(m.user_id)}`;
  const invitationPath = (i: Invitation) => `/api/v1/workspace/invitations/${encodeURIComponent(i.id)}`;
  const handoverFor = (from: Handover['from']) =>
    handover?.from === from ? (
      <HandoverLink
        label={`Invitation link for ${handover.email}`}
        link={handover.link}
        validity="It works for 7 days, for that address only."
        onDone={() => setHandover(null)}
      />
    ) : null;
  async function resend(i: Invitation) {
    setHandover(null);
    try {
      const { link } = await apiJson<IssuedInvitation>(`${invitationPath(i)}/resend`, { method: 'POST' });
      if (link) setHandover({ email: i.email, link, from: 'list' });
      else toast.show(`Sent a new invitation to ${i.email}.`);
    } catch (e) {
      toast.show((e as Error).message, { kind: 'error' });
    }
    await load();
  }
  return (
    <>
      <section className="settings-section stack" aria-labelledby="members-h">
        <div className="section-head">
          <h1 id="members-h" className="section-title">
            Members
          </h1>
          {members ? <span className="muted">{members.length === 1 ? '1 person' : `${members.length} people`}</span> : null}
        </div>
        <p className="muted">Everyone in {workspaceName} sees its links and analytics. Members edit the links they created; admins manage everything else.</p>
        <FormError message={error} />
        <MemberList
          members={members}
          viewerId={viewerId}
          workspaceName={workspaceName}
          manage={manage}
          onRoleChange={(m, role: Role) =>
            void change(
              () => apiJson(memberPath(m), { method: 'PATCH', body: { role } }),
              `${name(m)} is now ${role === 'admin' ? 'an' : 'a'} ${ROLE_NAMES[role]}.`,
            )
          }
          onRemove={(m) => void change(() => apiJson(memberPath(m), { method: 'DELETE' }), `Removed ${name(m)} from ${workspaceName}.`)}
        />
      </section>
      {manage ? (
        <>
          <section className="settings-section stack" aria-labelledby="invite-h">
            <h2 id="invite-h">Invite people</h2>
            <InviteForm
              mailOff={mailOff}
              onInvited={(i, link) => {
                setHandover(link ? { email: i.email, link, from: 'invite' } : null);
                if (!link) toast.show(`Invitation sent to ${i.email}.`);
                void load();
              }}
            />
            {handoverFor('invite')}
          </section>
          <section className="settings-section stack" aria-labelledby="invitations-h">
            <h2 id="invitations-h">Pending invitations</h2>
            {handoverFor('list')}
            <InvitationList
              invitations={invitations}
              mailOff={mailOff}
              onResend={(i) => void resend(i)}
              onRevoke={(i) => {
                // Its link, if shown, stops working with it.
                if (handover?.email === i.email) setHandover(null);
                void change(() => apiJson(invitationPath(i), { method: 'DELETE' }), `Revoked the invitation to ${i.email}.`);
              }}
            />
          </section>
        </>
      ) : null}
    </>
  );
}
