'use client';
// Members → the list: everyone sees who is in the workspace, their role, and who invited them when;
// admins and the owner also change roles (a select; saved at once) and remove people (after a confirmation).
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { When } from './when';
import { ROLE_NAMES, type Member, type Role } from './workspace-api';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** "Invited by Ann on 2 Mar 2026" for members who joined by an invitation; nothing for the others. */
function invitedLine(m: Member): string | null {
  if (!m.invited_at) return null;
  const on = new Intl.DateTimeFormat(undefined, DAY).format(new Date(m.invited_at));
  return m.invited_by ? `Invited by ${m.invited_by.name || m.invited_by.email} on ${on}` : `Invited on ${on}`;
}

interface MemberListProps {
  members: Member[] | null;
  viewerId: string;
  workspaceName: string;
  /** Admins and the owner: role selects and Remove buttons. */
  manage: boolean;
  onRoleChange: (member: Member, role: Role) => void;
  onRemove: (member: Member) => void;
}

export function MemberList({ members, viewerId, workspaceName, manage, onRoleChange, onRemove }: MemberListProps) {
  const [removing, setRemoving] = useState<Member | null>(null);
  if (members === null) {
    return (
      <div className="skeleton-rows" aria-hidden="true">
        <div className="skeleton" />
        <div className="skeleton" />
      </div>
    );
  }
  // The owner's role moves only by a transfer; your own role and membership change by leaving.
  const editable = (m: Member) => manage && m.role !== 'owner' && m.user_id !== viewerId;
  return (
    <div className="table-scroll">
      <table className="members-table">
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Role</th>
            <th scope="col">Joined</th>
            {manage ? (
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.user_id} data-member={m.email}>
              <td>
                <span className="member-who">
                  <strong>
                    {m.name || m.email}
                    {m.user_id === viewerId ? <span className="hint"> (you)</span> : null}
                  </strong>
                  <span className="hint">{m.email}</span>
                  {invitedLine(m) ? <span className="hint member-invited">{invitedLine(m)}</span> : null}
                </span>
              </td>
              <td data-label={editable(m) ? undefined : 'Role'}>
                {editable(m) ? (
                  <select aria-label={`Role of ${m.email}`} value={m.role} onChange={(e) => onRoleChange(m, e.target.value as Role)}>
                    <option value="admin">Admin</option>
                    <option value="member">Member</option>
                  </select>
                ) : (
                  <span className={`badge role-${m.role}`}>{ROLE_NAMES[m.role]}</span>
                )}
              </td>
              <td data-label="Joined">
                <When iso={m.joined_at} />
              </td>
              {manage ? (
                <td className="actions">
                  {editable(m) ? (
                    <button type="button" className="secondary small danger" onClick={() => setRemoving(m)} aria-label={`Remove ${m.email}`}>
                      Remove
                    </button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {removing ? (
        <ConfirmDialog
          title={`Remove ${removing.name || removing.email}?`}
          confirmLabel="Remove member"
          destructive
          onCancel={() => setRemoving(null)}
          onConfirm={() => (setRemoving(null), onRemove(removing))}
        >
          <p>
            They lose access to {workspaceName} at once, and their API tokens for it stop working. The links they created stay in the workspace and become
            yours.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
