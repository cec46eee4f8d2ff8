'use client';
// Settings → Passkeys: add one (named; the browser asks the device or password manager to make it),
// list them, rename and delete (confirmed). docs/guide/accounts-and-tokens.md#passkeys.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { authClient } from './auth-client';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';
import { When } from './when';
import { useToast } from './toasts';

type Passkey = { id: string; name?: string | null; createdAt?: string | Date | null; deviceType: string; backedUp: boolean };

const listPasskeys = () => authClient.$fetch<Passkey[]>('/passkey/list-user-passkeys', { method: 'GET' });
const renamePasskey = (id: string, name: string) => authClient.$fetch('/passkey/update-passkey', { method: 'POST', body: { id, name } });
const deletePasskey = (id: string) => authClient.$fetch('/passkey/delete-passkey', { method: 'POST', body: { id } });

/** How the passkey is kept: synced by a password manager or cloud keychain, or on one device or security key. */
function kindOf(p: Passkey): string {
  if (p.deviceType === 'multiDevice') return p.backedUp ? 'Synced, backed up' : 'Synced';
  return 'This device only';
}

export function PasskeySettings() {
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [supported, setSupported] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Passkey | null>(null);
  const toast = useToast();
  const load = useCallback(async () => {
    const r = await listPasskeys();
    if (r.error) setError(r.error.message ?? 'Could not load your passkeys.');
    else setPasskeys(r.data);
  }, []);
  useEffect(() => {
    setSupported(typeof window.PublicKeyCredential === 'function');
    void load();
  }, [load]);

  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get('name')).trim();
    setBusy(true);
    setError(null);
    const r = await authClient.passkey.addPasskey({ name });
    setBusy(false);
    if (r?.error) return setError(r.error.message ?? 'The passkey could not be added.');
    form.reset();
    toast.show('Passkey added. You can now sign in with it.');
    await load();
  }

  async function rename(e: FormEvent<HTMLFormElement>, id: string) {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get('name')).trim();
    const r = await renamePasskey(id, name);
    if (r.error) return setError(r.error.message ?? 'The passkey could not be renamed.');
    setRenaming(null);
    toast.show('Passkey renamed');
    await load();
  }

  async function remove(p: Passkey) {
    setDeleting(null);
    const r = await deletePasskey(p.id);
    if (r.error) setError(r.error.message ?? 'The passkey could not be deleted.');
    else toast.show('Passkey deleted');
    await load();
  }

  return (
    <div className="stack">
      <p className="muted">
        A passkey signs you in with your fingerprint, face or device PIN instead of a password, and counts as both factors: no code is asked. It works only for
        this Sling's address.
      </p>
      <FormError message={error} />
      {passkeys === null ? (
        <div className="skeleton-rows" aria-hidden="true">
          <div className="skeleton" />
        </div>
      ) : passkeys.length === 0 ? (
        <p data-testid="no-passkeys">No passkeys yet.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Passkeys">
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Added</th>
                <th>Stored</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {passkeys.map((p) => (
                <tr key={p.id} data-testid="passkey-row">
                  <td>
                    {renaming === p.id ? (
                      <form className="row" onSubmit={(e) => void rename(e, p.id)}>
                        <label className="sr-only" htmlFor={`passkey-name-${p.id}`}>
                          New name
                        </label>
                        {/* biome-ignore lint/a11y/noAutofocus: the field appears because the user asked to rename this passkey */}
                        <input id={`passkey-name-${p.id}`} name="name" defaultValue={p.name ?? ''} maxLength={100} required autoFocus />
                        <button type="submit" className="small">
                          Save
                        </button>
                        <button type="button" className="secondary small" onClick={() => setRenaming(null)}>
                          Cancel
                        </button>
                      </form>
                    ) : (
                      p.name || 'Passkey'
                    )}
                  </td>
                  <td>{p.createdAt ? <When iso={new Date(p.createdAt).toISOString()} /> : '—'}</td>
                  <td>{kindOf(p)}</td>
                  <td>
                    <div className="row">
                      <button type="button" className="secondary small" onClick={() => setRenaming(p.id)} aria-label={`Rename ${p.name || 'passkey'}`}>
                        Rename
                      </button>
                      <button type="button" className="secondary small danger" onClick={() => setDeleting(p)} aria-label={`Delete ${p.name || 'passkey'}`}>
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {supported ? (
        <form className="row" onSubmit={add}>
          <label>
            Passkey name
            <input name="name" placeholder="e.g. MacBook Touch ID" maxLength={100} required />
          </label>
          <button type="submit" disabled={busy}>
            Add a passkey
          </button>
        </form>
      ) : (
        <p className="muted" data-testid="passkeys-unsupported">
          This browser cannot make or use passkeys.
        </p>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this passkey?"
          confirmLabel="Delete passkey"
          destructive
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>“{deleting.name || 'Passkey'}” will no longer sign you in. Remove it from your device or password manager too.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
