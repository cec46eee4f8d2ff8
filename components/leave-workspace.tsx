'use client';
// Members → Leave: for everyone but the owner of a team workspace. Afterwards the session is back
// in the personal workspace.
import { useState } from 'react';
import { apiJson } from './api-client';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';
import { flashToast } from './toasts';

export function LeaveWorkspace({ workspaceName }: { workspaceName: string }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function leave() {
    setError(null);
    try {
      await apiJson('/api/v1/workspace/leave', { method: 'POST' });
      flashToast(`You left ${workspaceName}.`);
      window.location.assign('/links');
    } catch (e) {
      setError(`Could not leave: ${(e as Error).message}`);
    }
  }

  return (
    <div className="stack">
      <p>You lose access to the links and settings of {workspaceName}. The links you created stay in it and pass to its owner.</p>
      <div>
        <button type="button" className="secondary danger" onClick={() => setAsking(true)}>
          Leave workspace
        </button>
      </div>
      <FormError message={error} />
      {asking ? (
        <ConfirmDialog
          title={`Leave ${workspaceName}?`}
          confirmLabel="Leave workspace"
          destructive
          onCancel={() => setAsking(false)}
          onConfirm={() => (setAsking(false), void leave())}
        >
          <p>To come back later, an admin has to invite you again.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
