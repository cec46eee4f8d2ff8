'use client';
// Settings → Directory sync as three steps, each done, current or to do: create the SCIM token (shown
// once, with copy; rotate or revoke, each confirmed), paste the base URL and token into the identity
// provider, and see the first sync arrive (what the provider did last, users and groups).
import { useCallback, useEffect, useState } from 'react';
import { apiJson } from './api-client';
import { ConfirmDialog } from './confirm-dialog';
import { CopyField } from './copy-field';
import { DirectorySyncIdpHelp } from './directory-sync-idp-help';
import { FormError } from './form-error';
import { SetupStep, stepStates } from './setup-steps';
import { useToast } from './toasts';
import { When } from './when';

interface DirectorySync {
  base_url: string;
  enabled: boolean;
  token: { prefix: string; created_at: string } | null;
  last_request_at: string | null;
  last_activity: string | null;
  last_activity_at: string | null;
  users: { total: number; active: number };
  groups: number;
}

const API = '/api/v1/workspace/directory-sync';

export function DirectorySyncManager() {
  const [state, setState] = useState<DirectorySync | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [pending, setPending] = useState<'rotate' | 'revoke' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  const load = useCallback(async () => {
    try {
      setState((await apiJson<{ directory_sync: DirectorySync }>(API)).directory_sync);
    } catch (err) {
      setError((err as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function issue(done: string) {
    setPending(null);
    setBusy(true);
    setError(null);
    try {
      const data = await apiJson<{ token: string; directory_sync: DirectorySync }>(API, { method: 'POST', body: {} });
      setSecret(data.token);
      setState(data.directory_sync);
      toast.show(done);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function revoke() {
    setPending(null);
    setBusy(true);
    setError(null);
    try {
      await apiJson(API, { method: 'DELETE' });
      setSecret(null);
      toast.show('Token revoked; directory sync is off.');
      await load();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function copySecret(value: string) {
    try {
      await navigator.clipboard.writeText(value);
      toast.show('Token copied.');
    } catch {
      toast.show('Copying failed; select the token and copy it by hand.', { kind: 'error' });
    }
  }

  if (state === null) return error ? <FormError message={error} /> : <p className="muted">Loading…</p>;
  // Pasted once the provider has called with the token; synced once it has changed anything.
  const synced = state.last_activity_at !== null || state.users.total > 0 || state.groups > 0;
  const states = stepStates([state.token !== null, state.token !== null && state.last_request_at !== null, synced]);
  return (
    <div className="stack">
      <ol className="sso-steps" aria-label="Set-up steps">
        <SetupStep state={states[0]} title="Create the SCIM token" testId="dsync-step-token">
          <div className="stack" data-testid="dsync-token">
            {state.token ? (
              <p>
                <code className="dsync-nowrap">{state.token.prefix}…</code> created <When iso={state.token.created_at} />. Your identity provider sends it as{' '}
                <code className="dsync-nowrap">Authorization: Bearer</code>.
              </p>
            ) : (
              <p className="muted">The token lets your identity provider add and remove members. It is shown once: copy it when it appears.</p>
            )}
            {secret && (
              <div className="result dsync-secret" role="status">
                <span>Copy this token now; it will not be shown again:</span>
                <code data-testid="new-scim-token">{secret}</code>
                <div>
                  <button type="button" className="secondary small" onClick={() => copySecret(secret)}>
                    Copy token
                  </button>
                </div>
              </div>
            )}
            <div className="row">
              {state.token ? (
                <>
                  <button type="button" className="secondary small" disabled={busy} onClick={() => setPending('rotate')}>
                    Rotate token
                  </button>
                  <button type="button" className="secondary small danger" disabled={busy} onClick={() => setPending('revoke')}>
                    Revoke token
                  </button>
                </>
              ) : (
                <button type="button" className="small" disabled={busy} onClick={() => issue('Token created.')}>
                  Create token
                </button>
              )}
            </div>
          </div>
        </SetupStep>
        <SetupStep state={states[1]} title="Paste the base URL and token into your identity provider" testId="dsync-step-paste">
          <p className="muted">
            In its provisioning (SCIM) settings: the base URL below and the token from step 1. This step is done when the provider’s first request arrives.
          </p>
          <CopyField label="SCIM base URL" value={state.base_url} />
          {secret && <CopyField label="SCIM token (shown once)" value={secret} />}
          <DirectorySyncIdpHelp />
        </SetupStep>
        <SetupStep state={states[2]} title="See the first sync arrive" testId="dsync-step-sync">
          <p className="muted">Assign people (and groups) to Sling in your identity provider; they appear here and under Members.</p>
          <dl className="dsync-activity">
            <dt>Last request</dt>
            <dd>{state.last_request_at ? <When iso={state.last_request_at} /> : 'None yet'}</dd>
            <dt>Last change</dt>
            <dd data-testid="dsync-last-activity">
              {state.last_activity && state.last_activity_at ? (
                <>
                  {state.last_activity} · <When iso={state.last_activity_at} />
                </>
              ) : (
                'None yet'
              )}
            </dd>
            <dt>Users</dt>
            <dd>
              {state.users.active} active{state.users.total > state.users.active ? `, ${state.users.total - state.users.active} deactivated` : ''}
            </dd>
            <dt>Groups</dt>
            <dd>{state.groups}</dd>
          </dl>
        </SetupStep>
      </ol>
      <FormError message={error} />
      {pending === 'rotate' && (
        <ConfirmDialog
          title="Rotate the directory sync token?"
          confirmLabel="Rotate token"
          onConfirm={() => issue('Token rotated.')}
          onCancel={() => setPending(null)}
        >
          <p>The current token stops working at once; paste the new one into your identity provider.</p>
        </ConfirmDialog>
      )}
      {pending === 'revoke' && (
        <ConfirmDialog title="Revoke the directory sync token?" confirmLabel="Revoke token" destructive onConfirm={revoke} onCancel={() => setPending(null)}>
          <p>Your identity provider can no longer provision or deprovision anyone. Members it provisioned stay.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
