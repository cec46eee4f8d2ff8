'use client';
// Members → Pending invitations: who was invited, as what, by whom and until when; Resend mails a
// new link (the old one stops working), Revoke cancels it. Both ask first.
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { When } from './when';
import { ROLE_NAMES, type Invitation } from './workspace-api';

type Pending = { kind: 'resend' | 'revoke'; invitation: Invitation };

interface InvitationListProps {
  invitations: Invitation[] | null;
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
}

export function InvitationList({ invitations, onResend, onRevoke }: InvitationListProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  if (invitations === null) return <div className="skeleton" aria-hidden="true" />;
  if (invitations.length === 0) return <p className="muted">No pending invitations. Invite someone above; they get a mail with a link to join.</p>;
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
                  aria-label={`Resend the invitation to ${i.email}`}
                >
                  Resend
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
          title={`Send the invitation to ${pending.invitation.email} again?`}
          confirmLabel="Resend invitation"
          onCancel={() => setPending(null)}
          onConfirm={() => (setPending(null), onResend(pending.invitation))}
        >
          <p>They get a new mail with a new link, valid for 7 days. The link in the earlier mail stops working.</p>
        </ConfirmDialog>
      ) : null}
      {pending?.kind === 'revoke' ? (
        <ConfirmDialog
          title={`Revoke the invitation to ${pending.invitation.email}?`}
          confirmLabel="Revoke invitation"
          onCancel={() => setPending(null)}
          onConfirm={() => (setPending(null), onRevoke(pending.invitation))}
        >
          <p>The link in their mail stops working. You can invite them again later.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
