'use client';
// The audit log's action filter (a GET form: it also works before the page's script has loaded)
// and the CSV export of what the filter shows.
import { AUDIT_ACTION_LABEL, AUDIT_ACTIONS } from '@/lib/audit/audit-actions';

export function AuditFilter({ action, exportHref }: { action: string; exportHref: string }) {
  return (
    <form className="row between audit-toolbar" method="get" action="/settings/audit">
      <label className="inline-select">
        <span>Action</span>
        <select name="action" defaultValue={action} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {AUDIT_ACTION_LABEL[a]}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="secondary small">
          Filter
        </button>
      </noscript>
      <a className="button secondary small" href={exportHref} download data-testid="audit-export">
        Export CSV
      </a>
    </form>
  );
}
