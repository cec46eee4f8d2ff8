// A link's previous codes (db/schema/link-aliases.ts): which link holds an old code, the codes a
// link holds, and keeping or dropping one as a rename happens.
import { and, asc, eq, sql } from 'drizzle-orm';
import { linkAliases, links, type LinkRow } from '../../db/schema';
import type { Db, Tx } from '../db/types';

const sameCode = (domainId: number, code: string) => and(eq(linkAliases.domainId, domainId), sql`lower(${linkAliases.code}) = ${code.toLowerCase()}`);

/** The link an old code on the domain leads to. */
export async function getLinkByPreviousCode(db: Db, domainId: number, code: string): Promise<LinkRow | undefined> {
  const [row] = await db.select({ link: links }).from(linkAliases).innerJoin(links, eq(links.id, linkAliases.linkId)).where(sameCode(domainId, code)).limit(1);
  return row?.link;
}

/** The link's old codes, oldest first. */
export async function findPreviousCodes(db: Db, linkId: number): Promise<Array<{ code: string; since: Date }>> {
  const rows = await db
    .select({ code: linkAliases.code, since: linkAliases.createdAt })
    .from(linkAliases)
    .where(eq(linkAliases.linkId, linkId))
    .orderBy(asc(linkAliases.createdAt), asc(linkAliases.id));
  return rows;
}

/**
 * In a rename's transaction: `newCode` stops being an old code of this link (renaming back takes it
 * up again), and `oldCode` becomes one unless it is freed. Returns whether `newCode` is an old
 * code of another link (the rename must then be refused).
 */
export async function moveCode(
  tx: Tx,
  link: { id: number; domainId: number },
  oldCode: string,
  newCode: string,
  freeOld: boolean,
): Promise<{ heldByAnother: boolean }> {
  const [holder] = await tx.select({ linkId: linkAliases.linkId }).from(linkAliases).where(sameCode(link.domainId, newCode)).limit(1);
  if (holder && holder.linkId !== link.id) return { heldByAnother: true };
  if (holder) await tx.delete(linkAliases).where(sameCode(link.domainId, newCode));
  if (!freeOld && oldCode.toLowerCase() !== newCode.toLowerCase()) {
    await tx.insert(linkAliases).values({ domainId: link.domainId, code: oldCode, linkId: link.id }).onConflictDoNothing();
  }
  return { heldByAnother: false };
}

/** Gives an old code up (it stops leading to the link); false when the link holds no such code. */
export async function freePreviousCode(tx: Tx, link: { id: number; domainId: number }, code: string): Promise<boolean> {
  const freed = await tx
    .delete(linkAliases)
    .where(and(sameCode(link.domainId, code), eq(linkAliases.linkId, link.id)))
    .returning({ id: linkAliases.id });
  return freed.length > 0;
}
