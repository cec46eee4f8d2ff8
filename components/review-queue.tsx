'use client';
// Admin console → Review queue: each held or reported link with its evidence (the scanner's reason,
// the reports, owner and workspace) and the verdicts: approve, disable with a reason, ban the owner,
// dismiss a report. Every verdict asks first (with an optional note) and reloads the list.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { AdminActionDialog, type ActionRequest } from './admin-action-dialog';
import { adminApi, REPORT_REASONS, type ReviewItemJson } from './admin-api';
import { ApiError } from './api-client';
import { useToast } from './toasts';
import { When } from './when';

const STATUS_LABELS: Record<string, string> = {
  pending_review: 'Pending review',
  blocked: 'Blocked',
  disabled: 'Disabled',
  active: 'Active',
  expired: 'Expired',
};

export function ReviewQueue({ items }: { items: ReviewItemJson[] }) {
  const [request, setRequest] = useState<ActionRequest | null>(null);
  const router = useRouter();
  const { show } = useToast();

  const act = (run: (reason: string, note: string) => Promise<unknown>, done: string) => async (reason: string, note: string) => {
    try {
      await run(reason, note);
      show(done);
      router.refresh();
    } catch (err) {
      show(err instanceof ApiError ? err.message : 'That did not work; try again.', { kind: 'error' });
    }
  };

  if (items.length === 0) {
    return (
      <div className="empty-state admin-empty">
        <p>
          <strong>Nothing to review.</strong>
        </p>
        <p className="muted">Links the scanner holds and links people report appear here.</p>
      </div>
    );
  }

  return (
    <>
      <ul className="review-list">
        {items.map((item) => {
          const link = item.link;
          const key = link ? `link-${link.id}` : `report-${item.reports[0]?.id}`;
          return (
            <li key={key} className="review-item" data-testid="review-item" data-code={link?.short_code}>
              {link ? (
                <div className="review-head">
                  <div className="review-title">
                    <a className="review-short" href={link.short_url} rel="noreferrer">
                      {link.short_url.replace(/^https?:\/\//, '')}
                    </a>
                    <span className={`badge review-status ${link.status}`}>{STATUS_LABELS[link.status] ?? link.status}</span>
                  </div>
                  <p className="review-dest" title={link.long_url}>
                    → {link.long_url}
                  </p>
                  <p className="hint">
                    {item.owner ? (
                      <>
                        Made by <strong>{item.owner.email}</strong>
                        {item.owner.banned ? <span className="badge status-disabled">Banned</span> : null}
                      </>
                    ) : (
                      'Made without an account'
                    )}{' '}
                    in {item.workspace?.kind === 'system' ? 'the anonymous links' : <strong>{item.workspace?.name}</strong>} · <When iso={link.created_at} />
                  </p>
                </div>
              ) : (
                <div className="review-head">
                  <p className="review-title">
                    <strong>Deleted link</strong>
                  </p>
                  <p className="review-dest">{item.reports[0]?.url}</p>
                </div>
              )}

              {link?.safety_reason ? (
                <p className="review-evidence">
                  <span className="evidence-label">Scanner</span> {link.safety_reason}
                </p>
              ) : null}
              {link?.disabled_reason ? (
                <p className="review-evidence">
                  <span className="evidence-label">Disabled</span> {link.disabled_reason}
                </p>
              ) : null}
              {item.reports.length > 0 ? (
                <ul className="report-list" aria-label="Open reports">
                  {item.reports.map((r) => (
                    <li key={r.id} className="report">
                      <div className="report-text">
                        <p>
                          <span className="badge pending">{REPORT_REASONS[r.reason] ?? r.reason}</span>{' '}
                          <span className="hint">
                            {r.source === 'system' ? 'Raised by Sling' : 'From a visitor'} · <When iso={r.created_at} />
                          </span>
                        </p>
                        {r.details ? <p className="report-details">{r.details}</p> : null}
                      </div>
                      <button
                        type="button"
                        className="secondary small"
                        onClick={() =>
                          setRequest({
                            title: 'Dismiss this report?',
                            description: 'The report leaves the queue; the link stays as it is.',
                            confirmLabel: 'Dismiss report',
                            run: act((_, note) => adminApi.dismiss(r.id, note), 'Report dismissed.'),
                          })
                        }
                      >
                        Dismiss
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}

              {link ? (
                <div className="review-actions">
                  {link.status !== 'active' ? (
                    <button
                      type="button"
                      className="small"
                      onClick={() =>
                        setRequest({
                          title: `Approve ${link.short_code}?`,
                          description: 'The link redirects again, its reasons are cleared and its open reports are resolved.',
                          confirmLabel: 'Approve',
                          run: act((_, note) => adminApi.approve(link.id, note), 'Link approved.'),
                        })
                      }
                    >
                      Approve
                    </button>
                  ) : null}
                  {link.status !== 'disabled' ? (
                    <button
                      type="button"
                      className="secondary small danger"
                      onClick={() =>
                        setRequest({
                          title: `Disable ${link.short_code}?`,
                          description: 'Visitors get the “unavailable” page (HTTP 451). Its owner sees your reason on their links page.',
                          confirmLabel: 'Disable link',
                          destructive: true,
                          reasonLabel: 'Reason (shown to the owner)',
                          run: act((reason, note) => adminApi.disable(link.id, reason, note), 'Link disabled.'),
                        })
                      }
                    >
                      Disable…
                    </button>
                  ) : null}
                  {item.owner && !item.owner.banned ? (
                    <button
                      type="button"
                      className="secondary small danger"
                      onClick={() =>
                        setRequest({
                          title: `Ban ${item.owner!.email}?`,
                          description: 'Their sessions end, they cannot sign in, and every link of the workspaces they own is disabled.',
                          confirmLabel: 'Ban account',
                          destructive: true,
                          reasonLabel: 'Reason',
                          reasonHint: 'Shown to the owner on each disabled link.',
                          run: act((reason, note) => adminApi.ban(item.owner!.id, reason, note), `${item.owner!.email} is banned.`),
                        })
                      }
                    >
                      Ban owner…
                    </button>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {request ? <AdminActionDialog request={request} onDone={() => setRequest(null)} /> : null}
    </>
  );
}
