import { exportAuditRoute } from '@/lib/audit/audit-routes';
import { withWorkspace } from '@/lib/http/with-workspace';

// GET /api/v1/workspace/audit/export – the audit log as CSV {action?}
export const GET = withWorkspace(exportAuditRoute, { permission: 'audit.read' });
