'use client';
// "Create workspace": a name in a modal <dialog>; the API makes the caller its owner and switches
// the session to it, so the page then reloads into the new workspace.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { showWorkspaceChange } from './after-workspace-change';
import { type ApiError, apiJson } from './api-client';
import { FormError } from './form-error';
import { flashToast } from './toasts';

export function CreateWorkspaceDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => dialog.current?.showModal(), []);

  async function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get('name')).trim();
    setBusy(true);
    setError(null);
    try {
      await apiJson('/api/v1/workspaces', { method: 'POST', body: { name } });
      flashToast(`Created ${name}; you are working in it now.`);
      showWorkspaceChange();
    } catch (err) {
      setError(err as ApiError);
      setBusy(false);
    }
  }

  const nameError = error?.details.name;
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form className="stack" onSubmit={create}>
        <h2 id={`${id}-title`}>Create a workspace</h2>
        <p className="muted">A workspace keeps links, webhooks and API tokens for a team. You will be its owner and can invite people from Members.</p>
        <label>
          Workspace name
          <input
            name="name"
            required
            maxLength={60}
            autoComplete="off"
            placeholder="e.g. Acme marketing"
            aria-invalid={nameError ? true : undefined}
            autoFocus
          />
          {nameError && <span className="field-error">{nameError}</span>}
        </label>
        <FormError message={error && !nameError ? error.message : null} />
        <div className="row end">
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" disabled={busy}>
            {busy ? 'Creating…' : 'Create workspace'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
