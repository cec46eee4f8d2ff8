'use client';
// Members → Pending invitations: who was invited, as what, by whom and until when; Resend mails a
// new link (the old one stops working), Revoke cancels it. Both ask first. When the server sends no
// mail, Resend is "New link": only a link's hash is stored, so a new one replaces it to be copied.
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { When } from './when';
import { ROLE_NAMES, type Invitation } from './workspace-api';

type Pending = { kind: 'resend' | 'revoke'; invitation: Invitation };

interface InvitationListProps {
  invitations: Invitation[] | null;
  /** The server sends no mail: a resend answers the new link instead of mailing it. */
  mailOff: boolean;
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
}

export function InvitationList({ invitations, mailOff, onResend, onRevoke }: InvitationListProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  if (invitations === null) return <div className="skeleton" aria-hidden="true" />;
  if (invitations.length === 0)
    return (
      <p className="muted">No pending invitations. Invite someone above; {mailOff ? 'you get a link to send them.' : 'they get a mail with a link to join.'}</p>
    );
  return (
    <div className="table-scroll">
      <table className="members-table">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Invited by</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((i) => (
            <tr key={i.id} data-invitation={i.email}>
              <td>
                <strong>{i.email}</strong>
              </td>
              <td data-label="Role">{ROLE_NAMES[i.role]}</td>
              <td data-label="Invited by">{i.inviter.name || i.inviter.email}</td>
              <td data-label="Expires">{i.status === 'expired' ? <span className="badge expired">expired</span> : <When iso={i.expires_at} />}</td>
              <td className="actions">
                <button
                  type="button"
                  className="secondary small"
                  onClick={() => setPending({ kind: 'resend', invitation: i })}
                  aria-label={mailOff ? `Make a new link for ${i.email}` : `Resend the invitation to ${i.email}`}
                >
                  {mailOff ? 'New link' : 'Resend'}
                </button>
                <button
                  type="button"
                  className="secondary small danger"
                  onClick={() => setPending({ kind: 'revoke', invitation: i })}
                  aria-label={`Revoke the invitation to ${i.email}`}
                >
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {pending?.kind === 'resend' ? (
        <ConfirmDialog
          title={mailOff ? `Make a new link for ${pending.invitation.email}?` : `Send the invitation to ${pending.invitation.email} again?`}
          confirmLabel={mailOff ? 'Make a new link' : 'Resend invitation'}
          onCancel={() => setPending(null)}
          onConfirm={() => (setPending(null), onResend(pending.invitation))}
        >
          <p>
            {mailOff
              ? 'Sling keeps no copy of the link it showed you, so it makes a new one, valid for 7 days, for you to copy. The earlier link stops working.'
              : 'They get a new mail with a new link, valid for 7 days. The link in the earlier mail stops working.'}
          </p>
        </ConfirmDialog>
      ) : null}
      {pending?.kind === 'revoke' ? (
        <ConfirmDialog
          title={`Revoke the invitation to ${pending.invitation.email}?`}
          confirmLabel="Revoke invitation"
          destructive
          onCancel={() => setPending(null)}
          onConfirm={() => (setPending(null), onRevoke(pending.invitation))}
        >
          <p>{mailOff ? 'Their link' : 'The link in their mail'} stops working. You can invite them again later.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
