'use client';
// Settings → Sessions: every signed-in device, with revoke and "sign out everywhere else" (both confirmed).
import { useCallback, useEffect, useState } from 'react';
import { authClient } from './auth-client';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';
import { When } from './when';
import { useToast } from './toasts';

type Session = { id: string; ipAddress?: string | null; userAgent?: string | null; updatedAt: string | Date; createdAt: string | Date };
/** Sling's /api/auth/revoke-session takes the id /list-sessions shows (sessions are listed without their tokens). */
const revokeSession = (id: string) => authClient.$fetch<{ status: boolean }>('/revoke-session', { method: 'POST', body: { id } });

type Pending = { kind: 'one'; session: Session } | { kind: 'others' };

/** `methods`: session id → how it was signed in ("Password", "SSO · Acme Okta"). */
export function SessionList({ currentId, devices, methods }: { currentId: string; devices: Record<string, string>; methods: Record<string, string> }) {
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const toast = useToast();
  const load = useCallback(async () => {
    const r = await authClient.listSessions();
    if (r.error) setError(r.error.message ?? 'Could not load sessions.');
    else setSessions(r.data as Session[]);
  }, []);
  useEffect(() => void load(), [load]);

  async function run(p: Promise<{ error: { message?: string } | null }>, done: string) {
    setPending(null);
    const r = await p;
    if (r.error) setError(r.error.message ?? 'That did not work.');
    else toast.show(done);
    await load();
  }

  const name = (s: Session) => devices[s.userAgent ?? ''] ?? 'Unknown device';
  const others = (sessions ?? []).filter((s) => s.id !== currentId).length;
  return (
    <div className="stack">
      <div className="row between">
        <p className="muted">Devices signed in to your account. Revoke one you do not recognise.</p>
        {others > 0 && (
          <button type="button" className="secondary small" onClick={() => setPending({ kind: 'others' })}>
            Sign out everywhere else
          </button>
        )}
      </div>
      <FormError message={error} />
      {sessions === null ? (
        <div className="skeleton-rows" aria-hidden="true">
          <div className="skeleton" />
        </div>
      ) : (
        // Scrolls sideways on a phone: focusable, so it scrolls with the keyboard too.
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Sessions">
          <table>
            <thead>
              <tr>
                <th>Device</th>
                <th>Signed in with</th>
                <th>IP address</th>
                <th>Last used</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id} data-testid="session-row">
                  <td>
                    {name(s)}
                    {s.id === currentId && <strong> (this device)</strong>}
                  </td>
                  <td data-testid="session-method">{methods[s.id] ?? 'Password'}</td>
                  <td>{s.ipAddress || '—'}</td>
                  <td>
                    <When iso={new Date(s.updatedAt).toISOString()} />
                  </td>
                  <td>
                    {s.id !== currentId && (
                      <button type="button" className="secondary small danger" onClick={() => setPending({ kind: 'one', session: s })}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pending?.kind === 'one' && (
        <ConfirmDialog
          title="Revoke this session?"
          confirmLabel="Revoke"
          destructive
          onConfirm={() => run(revokeSession(pending.session.id), 'Session revoked')}
          onCancel={() => setPending(null)}
        >
          <p>{name(pending.session)} will be signed out at once.</p>
        </ConfirmDialog>
      )}
      {pending?.kind === 'others' && (
        <ConfirmDialog
          title="Sign out everywhere else?"
          confirmLabel="Sign out others"
          onConfirm={() => run(authClient.revokeOtherSessions(), 'Other sessions signed out')}
          onCancel={() => setPending(null)}
        >
          <p>Every other device ({others}) will be signed out; this one stays signed in.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
