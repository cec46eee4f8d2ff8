'use client';
// Settings → General → Delete workspace (the owner of a team workspace): confirmed by typing its
// name, because its links, their clicks, webhooks and tokens go with it.
import { useState } from 'react';
import { apiJson } from './api-client';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';
import { flashToast } from './toasts';

export function DeleteWorkspace({ workspaceName }: { workspaceName: string }) {
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setError(null);
    try {
      await apiJson('/api/v1/workspace', { method: 'DELETE' });
      flashToast(`Deleted ${workspaceName}.`);
      window.location.assign('/links');
    } catch (e) {
      setError(`Could not delete: ${(e as Error).message}`);
    }
  }

  return (
    <div className="stack">
      <p>
        Deletes {workspaceName} with all its links (they stop working), their click history, webhooks, API tokens and invitations. Members keep their accounts.
      </p>
      <div>
        <button type="button" className="secondary danger" onClick={() => (setTyped(''), setAsking(true))}>
          Delete workspace…
        </button>
      </div>
      <FormError message={error} />
      {asking ? (
        <ConfirmDialog
          title={`Delete ${workspaceName}?`}
          confirmLabel="Delete workspace"
          destructive
          confirmDisabled={typed.trim() !== workspaceName}
          onCancel={() => setAsking(false)}
          onConfirm={() => (setAsking(false), void remove())}
        >
          <p>This cannot be undone.</p>
          <label className="stack-label">
            Type the workspace name, {workspaceName}, to confirm
            <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          </label>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
