// Looks a link up by domain and code, case-insensitively (uses the lower(short_code) index).
import { and, eq, sql } from 'drizzle-orm';
import { links, type LinkRow } from '../../db/schema';
import type { Db } from '../db/types';

export async function getLinkByCode(db: Db, domainId: number, code: string): Promise<LinkRow | undefined> {
  const [row] = await db
    .select()
    .from(links)
    .where(and(eq(links.domainId, domainId), sql`lower(${links.shortCode}) = ${code.toLowerCase()}`))
    .limit(1);
  return row;
}
