'use client';
// Admin console → Users: each account with its role and state, the plan of every workspace it owns
// (a select: the change asks first, with an optional note), Ban / Unban, and Reset password: a mail
// to the account, or, when the server sends no mail, a link shown here to pass on.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { AdminActionDialog, type ActionRequest } from './admin-action-dialog';
import { adminApi, type AdminUserJson } from './admin-api';
import { ApiError } from './api-client';
import { HandoverLink } from './handover-link';
import { useToast } from './toasts';
import { When } from './when';

const PLAN_NAMES: Record<string, string> = { free: 'Free', pro: 'Pro', business: 'Business', enterprise: 'Enterprise' };

interface AdminUserListProps {
  users: AdminUserJson[];
  viewerId: string;
  /** The server sends no mail (SMTP_URL unset): a password reset answers its link. */
  mailOff: boolean;
}

export function AdminUserList({ users, viewerId, mailOff }: AdminUserListProps) {
  const [request, setRequest] = useState<ActionRequest | null>(null);
  const [handover, setHandover] = useState<{ email: string; link: string } | null>(null);
  const router = useRouter();
  const { show } = useToast();

  const act = (run: (reason: string, note: string) => Promise<unknown>, done: string) => async (reason: string, note: string) => {
    try {
      await run(reason, note);
      show(done);
    } catch (err) {
      show(err instanceof ApiError ? err.message : 'That did not work; try again.', { kind: 'error' });
    }
    router.refresh();
  };

  const resetPassword = (u: AdminUserJson) =>
    setRequest({
      title: mailOff ? `Create a password-reset link for ${u.email}?` : `Send ${u.email} a password-reset mail?`,
      description: mailOff
        ? 'Mail is off on this server, so you get the link to send them yourself. It works once, for one hour; their password stays until they use it.'
        : 'They get a mail with a link to choose a new password, valid for one hour. Their password stays until they use it.',
      confirmLabel: mailOff ? 'Create reset link' : 'Send reset mail',
      run: async (_, note) => {
        setHandover(null);
        try {
          const { link } = await adminApi.resetPassword(u.id, note);
          if (link) setHandover({ email: u.email, link });
          else show(`Sent a password-reset mail to ${u.email}.`);
        } catch (err) {
          show(err instanceof ApiError ? err.message : 'That did not work; try again.', { kind: 'error' });
        }
        router.refresh();
      },
    });

  if (users.length === 0) return <p className="empty-state muted">No accounts match.</p>;
  return (
    <>
      {handover ? (
        <HandoverLink
          label={`Password-reset link for ${handover.email}`}
          link={handover.link}
          validity="It works once, for one hour."
          onDone={() => setHandover(null)}
        />
      ) : null}
      <div className="table-scroll">
        <table className="admin-users-table">
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col">Workspaces and plans</th>
              <th scope="col">Joined</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} data-user={u.email}>
                <td>
                  <span className="member-who">
                    <strong>
                      {u.name || u.email}
                      {u.id === viewerId ? <span className="hint"> (you)</span> : null}
                    </strong>
                    <span className="hint">{u.email}</span>
                    <span className="user-badges">
                      {u.role === 'admin' ? <span className="badge protected">Admin</span> : null}
                      {u.banned ? (
                        <span className="badge status-disabled" title={u.ban_reason ?? undefined}>
                          Banned
                        </span>
                      ) : null}
                    </span>
                  </span>
                </td>
                <td data-label="Workspaces">
                  <ul className="plan-list">
                    {u.workspaces.map((w) => (
                      <li key={w.id}>
                        <span className="plan-ws">{w.kind === 'personal' ? 'Personal' : w.name}</span>
                        <select
                          aria-label={`Plan of ${w.kind === 'personal' ? `${u.email}’s personal workspace` : w.name}`}
                          value={w.plan}
                          onChange={(e) => {
                            const plan = e.target.value;
                            setRequest({
                              title: `Move ${w.kind === 'personal' ? `${u.email}’s personal workspace` : w.name} to ${PLAN_NAMES[plan]}?`,
                              description: 'Its limits change at once (links, API rate limits, retention).',
                              confirmLabel: `Change to ${PLAN_NAMES[plan]}`,
                              run: act((_, note) => adminApi.setPlan(w.id, plan, note), `Plan changed to ${PLAN_NAMES[plan]}.`),
                            });
                          }}
                        >
                          {Object.entries(PLAN_NAMES).map(([value, label]) => (
                            <option key={value} value={value}>
                              {label}
                            </option>
                          ))}
                        </select>
                      </li>
                    ))}
                  </ul>
                </td>
                <td data-label="Joined">
                  <When iso={u.created_at} />
                </td>
                <td className="actions">
                  {u.id === viewerId ? null : (
                    <button type="button" className="secondary small" onClick={() => resetPassword(u)} aria-label={`Reset password… for ${u.email}`}>
                      Reset password…
                    </button>
                  )}
                  {u.id === viewerId || u.role === 'admin' ? null : u.banned ? (
                    <button
                      type="button"
                      className="secondary small"
                      onClick={() =>
                        setRequest({
                          title: `Unban ${u.email}?`,
                          description: 'They can sign in again. Their disabled links stay disabled until you approve them.',
                          confirmLabel: 'Unban',
                          run: act((_, note) => adminApi.unban(u.id, note), `${u.email} can sign in again.`),
                        })
                      }
                    >
                      Unban
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="secondary small danger"
                      onClick={() =>
                        setRequest({
                          title: `Ban ${u.email}?`,
                          description: 'Their sessions end, they cannot sign in, and every link of the workspaces they own is disabled.',
                          confirmLabel: 'Ban account',
                          destructive: true,
                          reasonLabel: 'Reason',
                          reasonHint: 'Shown to the owner on each disabled link.',
                          run: act((reason, note) => adminApi.ban(u.id, reason, note), `${u.email} is banned.`),
                        })
                      }
                    >
                      Ban…
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {request ? (
        <AdminActionDialog
          request={request}
          onDone={() => {
            setRequest(null);
            router.refresh();
          }}
        />
      ) : null}
    </>
  );
}
