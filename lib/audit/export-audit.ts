// The audit log as CSV, streamed page by page (keyset, as the list), newest first. Cells go through
// the click export's csvField, so a label such as "=HYPERLINK(…)" reaches a spreadsheet as text.
import { csvField } from '../core/csv-field';
import type { Db } from '../db/types';
import type { AuditAction } from './audit-actions';
import { describeEntry } from './describe-entry';
import { listAudit } from './list-audit';

export const AUDIT_CSV_COLUMNS = ['created_at', 'action', 'summary', 'actor_id', 'actor', 'target_type', 'target_id', 'target', 'details'] as const;

export function exportAudit(db: Db, workspaceId: string, action?: AuditAction): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let done = false;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`));
    },
    async pull(controller) {
      if (done) return controller.close();
      const page = await listAudit(db, workspaceId, { action, limit: 500, cursor });
      let text = '';
      for (const e of page.entries) {
        const cells = [
          e.createdAt.toISOString(),
          e.action,
          describeEntry(e),
          e.actorId,
          e.actorLabel,
          e.targetType,
          e.targetId,
          e.targetLabel,
          JSON.stringify(e.details),
        ];
        text += `${cells.map((c) => csvField(c)).join(',')}\r\n`;
      }
      if (text) controller.enqueue(encoder.encode(text));
      cursor = page.nextCursor ?? undefined;
      done = page.nextCursor === null;
    },
  });
}
