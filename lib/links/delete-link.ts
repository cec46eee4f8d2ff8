// Deletes one link (see delete-links.ts: clicks, rollups, QR logo and link.deleted go with it).
import type { SQL } from 'drizzle-orm';
import type { LinkRow } from '../../db/schema';
import { deleteLinks } from './delete-links';
import type { AppContext } from '../context/app-context';
import type { AuditBy } from '../audit/record-audit';

/** `scope`: linkScope(actor, 'write') for a caller, OPERATOR_SCOPE for the operator. */
export async function deleteLink(link: LinkRow, ctx: AppContext, scope: SQL, by?: AuditBy): Promise<void> {
  await deleteLinks([link], ctx, scope, by);
}
