'use client';
// The invitation page's "Accept invitation": joins the workspace (the session switches to it), then
// opens its links.
import { useState } from 'react';
import { apiJson } from './api-client';
import { FormError } from './form-error';

export function AcceptInvitation({ token, workspaceName }: { token: string; workspaceName: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      await apiJson('/api/v1/invitations/accept', { method: 'POST', body: { token } });
      window.location.assign('/links');
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  }

  return (
    <div className="stack">
      <div>
        <button type="button" onClick={() => void accept()} disabled={busy}>
          {busy ? `Joining ${workspaceName}…` : 'Accept invitation'}
        </button>
      </div>
      <FormError message={error} />
    </div>
  );
}
