'use client';
// Settings → Sessions: every signed-in device, with revoke and "sign out everywhere else".
import { useCallback, useEffect, useState } from 'react';
import { authClient } from './auth-client';
import { FormError } from './form-error';

type Session = { id: string; token: string; ipAddress?: string | null; userAgent?: string | null; updatedAt: string | Date; createdAt: string | Date };

export function SessionList({ currentToken, devices }: { currentToken: string; devices: Record<string, string> }) {
  const [sessions, setSessions] = useState<Session[]>([]);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    const r = await authClient.listSessions();
    if (r.error) setError(r.error.message ?? 'Could not load sessions.');
    else setSessions(r.data as Session[]);
  }, []);
  useEffect(() => void load(), [load]);

  async function run(p: Promise<{ error: { message?: string } | null }>) {
    const r = await p;
    if (r.error) setError(r.error.message ?? 'That did not work.');
    await load();
  }

  return (
    <section aria-labelledby="sessions-h">
      <div className="row between">
        <h2 id="sessions-h">Sessions</h2>
        <button type="button" className="secondary" onClick={() => run(authClient.revokeOtherSessions())}>
          Sign out everywhere else
        </button>
      </div>
      <FormError message={error} />
      <table>
        <thead>
          <tr>
            <th>Device</th>
            <th>IP address</th>
            <th>Last used</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id} data-testid="session-row">
              <td>
                {devices[s.userAgent ?? ''] ?? 'Unknown device'}
                {s.token === currentToken && <strong> (this device)</strong>}
              </td>
              <td>{s.ipAddress ?? '—'}</td>
              <td>{new Date(s.updatedAt).toLocaleString()}</td>
              <td>
                {s.token !== currentToken && (
                  <button type="button" className="secondary" onClick={() => run(authClient.revokeSession({ token: s.token }))}>
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
