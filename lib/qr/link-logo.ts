// Each link's stored QR logo.
import { and, eq, sql } from 'drizzle-orm';
import { qrLogos, type LinkRow } from '../../db/schema';
import type { Db } from '../db/types';
import { runCpuTask } from '../runtime/run-cpu-task';
import { checkLogoTask } from './qr-tasks';
import type { QrLogo } from './qr-logo';
import { ownedBy } from '../tenancy/scope';

export async function getLinkLogo(db: Db, link: Pick<LinkRow, 'id' | 'workspaceId'>): Promise<(QrLogo & { updatedAt: Date }) | undefined> {
  const [row] = await db
    .select()
    .from(qrLogos)
    .where(and(eq(qrLogos.linkId, link.id), ownedBy(qrLogos, link.workspaceId)))
    .limit(1);
  return row && { contentType: row.contentType as QrLogo['contentType'], data: row.data, updatedAt: row.updatedAt };
}

/** Checks an upload (read by the operation, within MAX_LOGO_BYTES) in the CPU pool, stores it. */
export async function saveLinkLogo(db: Db, link: Pick<LinkRow, 'id' | 'workspaceId'>, upload: { data: Buffer; contentType: string | null }): Promise<void> {
  const { data } = upload;
  const logo = { contentType: await runCpuTask(checkLogoTask, upload.contentType, data), data };
  await db
    .insert(qrLogos)
    .values({ linkId: link.id, workspaceId: link.workspaceId, contentType: logo.contentType, data: logo.data })
    .onConflictDoUpdate({ target: qrLogos.linkId, set: { contentType: logo.contentType, data: logo.data, updatedAt: sql`now()` } });
}

export async function deleteLinkLogo(db: Db, link: Pick<LinkRow, 'id' | 'workspaceId'>): Promise<void> {
  await db.delete(qrLogos).where(and(eq(qrLogos.linkId, link.id), ownedBy(qrLogos, link.workspaceId)));
}
