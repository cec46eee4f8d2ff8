'use client';
// Members → Invite: an address and a role; Sling mails the person a link valid for 7 days, or, when
// the server has no mail, answers the link for the admin to pass on (`link`).
import { useState, type FormEvent } from 'react';
import { type ApiError, apiJson } from './api-client';
import { FormError } from './form-error';
import { ROLE_HINTS, type Invitation, type IssuedInvitation, type Role } from './workspace-api';

interface InviteFormProps {
  /** The server sends no mail: the answer carries the link instead. */
  mailOff: boolean;
  onInvited: (invitation: Invitation, link?: string) => void;
}

export function InviteForm({ mailOff, onInvited }: InviteFormProps) {
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [role, setRole] = useState<Role>('member');

  async function invite(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const email = String(new FormData(form).get('email')).trim();
    setBusy(true);
    setError(null);
    try {
      const { invitation, link } = await apiJson<IssuedInvitation>('/api/v1/workspace/invitations', { method: 'POST', body: { email, role } });
      form.reset();
      setRole('member');
      onInvited(invitation, link);
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  }

  const emailError = error?.details.email;
  return (
    <form className="stack" onSubmit={invite} noValidate>
      <div className="invite-form">
        <label>
          Email address
          <input
            name="email"
            type="email"
            required
            autoComplete="off"
            placeholder="name@example.com"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'invite-email-error' : undefined}
          />
          {emailError && (
            <span id="invite-email-error" className="field-error">
              {emailError}
            </span>
          )}
        </label>
        <label>
          Role
          <select name="role" value={role} onChange={(e) => setRole(e.target.value as Role)} aria-describedby="invite-role-hint">
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        </label>
        <button type="submit" disabled={busy}>
          {busy ? (mailOff ? 'Creating…' : 'Sending…') : mailOff ? 'Create invitation' : 'Send invitation'}
        </button>
      </div>
      <p id="invite-role-hint" className="hint">
        {ROLE_HINTS[role]} The invitation link works for 7 days.{mailOff ? ' Mail is off on this server, so you get the link to send yourself.' : ''}
      </p>
      <FormError message={error && !emailError ? error.message : null} />
    </form>
  );
}
