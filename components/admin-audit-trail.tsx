// The audit trail: who did what to which link, report, account or setting, with their note.
import { ACTION_LABELS, type AdminActionJson } from './admin-api';
import { When } from './when';

export function AdminAuditTrail({ actions }: { actions: AdminActionJson[] }) {
  if (actions.length === 0) return <p className="muted">No admin actions yet.</p>;
  return (
    <div className="table-scroll">
      <table className="audit-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Action</th>
            <th scope="col">On</th>
            <th scope="col">By</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {actions.map((a) => (
            <tr key={a.id} data-testid="audit-row">
              <td data-label="When">
                <When iso={a.created_at} />
              </td>
              <td data-label="Action">{ACTION_LABELS[a.action] ?? a.action}</td>
              <td data-label="On" className="audit-target">
                {a.target.label ?? `${a.target.type} ${a.target.id}`}
              </td>
              <td data-label="By">{a.admin.email ?? 'a deleted account'}</td>
              <td data-label="Note" className="audit-note">
                {a.note ?? <span className="muted">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
