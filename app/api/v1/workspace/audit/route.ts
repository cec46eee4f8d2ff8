import { listAuditRoute } from '@/lib/audit/audit-routes';
import { withWorkspace } from '@/lib/http/with-workspace';

// GET /api/v1/workspace/audit – the workspace's audit log, newest first {action?, limit?, cursor?}
export const GET = withWorkspace(listAuditRoute, { permission: 'audit.read' });
