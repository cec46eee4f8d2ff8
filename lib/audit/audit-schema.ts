// Query of GET /api/v1/workspace/audit (and its CSV export), parsed with zod (a 400 naming the field).
import { z } from 'zod';
import { AUDIT_ACTIONS } from './audit-actions';

export const ZAuditQuery = z
  .object({
    action: z.enum(AUDIT_ACTIONS, { error: `must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
    limit: z.coerce
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(100, { error: 'must be at most 100' })
      .default(50),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'must be the next_cursor of a previous page' })
      .optional(),
  })
  .strict();
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

/** One entry of the audit log as the API answers it. */
export const ZAuditEntry = z
  .object({
    id: z.number().int(),
    action: z.string().meta({ description: 'One of the actions the ?action= filter takes.' }),
    summary: z.string(),
    actor: z.object({ id: z.string().nullable(), label: z.string() }),
    target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
    details: z.record(z.string(), z.unknown()),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'AuditEntry' });
