'use client';
// Settings → General → Transfer ownership (the owner of a team workspace): pick a member, confirm;
// they become the owner and you an admin.
import { useEffect, useState } from 'react';
import { apiJson } from './api-client';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';
import type { Member } from './workspace-api';
import { flashToast } from './toasts';

export function TransferOwnership({ workspaceName }: { workspaceName: string }) {
  const [candidates, setCandidates] = useState<Member[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    apiJson<{ members: Member[] }>('/api/v1/workspace/members')
      .then((r) => setCandidates(r.members.filter((m) => m.role !== 'owner')))
      .catch((e: Error) => setError(`Could not load the members: ${e.message}`));
  }, []);

  async function transfer() {
    setError(null);
    try {
      await apiJson('/api/v1/workspace/transfer', { method: 'POST', body: { user_id: chosen } });
      const to = candidates?.find((m) => m.user_id === chosen);
      flashToast(`${workspaceName} now belongs to ${to?.name || to?.email || 'the new owner'}; you are an admin.`);
      window.location.reload();
    } catch (e) {
      setError(`Could not transfer: ${(e as Error).message}`);
    }
  }

  const target = candidates?.find((m) => m.user_id === chosen);
  if (candidates?.length === 0) return <p className="muted">Nobody else is in {workspaceName} yet. Invite someone from Members; then you can hand it over.</p>;
  return (
    <div className="stack">
      <p>The new owner can do everything, including deleting the workspace. You stay in it as an admin.</p>
      <div className="row">
        <label>
          New owner
          <select value={chosen} onChange={(e) => setChosen(e.target.value)} disabled={!candidates}>
            <option value="">Choose a member…</option>
            {candidates?.map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.name ? `${m.name} (${m.email})` : m.email}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="secondary" disabled={!target} onClick={() => setAsking(true)}>
          Transfer ownership…
        </button>
      </div>
      <FormError message={error} />
      {asking && target ? (
        <ConfirmDialog
          title={`Make ${target.name || target.email} the owner?`}
          confirmLabel="Transfer ownership"
          onCancel={() => setAsking(false)}
          onConfirm={() => (setAsking(false), void transfer())}
        >
          <p>
            {target.name || target.email} becomes the owner of {workspaceName} and you become an admin. Only the new owner can give it back.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
