// The audit log's entries: the sentence, then who/what kind and when (relative; exact on hover).
import type { AuditEntryJson } from '@/lib/audit/list-audit';
import { AUDIT_ACTION_LABEL, isAuditAction } from '@/lib/audit/audit-actions';
import { When } from './when';

export function AuditList({ entries, filtered }: { entries: AuditEntryJson[]; filtered: boolean }) {
  if (entries.length === 0) {
    return (
      <p className="muted" data-testid="audit-empty">
        {filtered ? 'No entries of this kind yet.' : 'Nothing recorded yet. Changes to members, settings and single sign-on will be listed here.'}
      </p>
    );
  }
  return (
    <ol className="event-history audit-list" data-testid="audit-list">
      {entries.map((e) => (
        <li key={e.id} data-action={e.action}>
          <p className="audit-summary">{e.summary}</p>
          <p className="muted small row audit-meta">
            <span className="audit-kind">{isAuditAction(e.action) ? AUDIT_ACTION_LABEL[e.action] : e.action}</span>
            <span aria-hidden="true">·</span>
            <When iso={e.created_at} />
          </p>
        </li>
      ))}
    </ol>
  );
}
