// Looks a link up by domain and code, case-insensitively (uses the lower(short_code) index); a code
// the link had before a rename (link_aliases) leads to it too. A link's current code wins over an
// old code of another link, so a code taken over after it was freed never leads to the old link.
import { and, eq, sql } from 'drizzle-orm';
import { links, type LinkRow } from '../../db/schema';
import type { Db } from '../db/types';
import { getLinkByPreviousCode } from './previous-codes';

export async function getLinkByCode(db: Db, domainId: number, code: string): Promise<LinkRow | undefined> {
  const [row] = await db
    .select()
    .from(links)
    .where(and(eq(links.domainId, domainId), sql`lower(${links.shortCode}) = ${code.toLowerCase()}`))
    .limit(1);
  return row ?? (await getLinkByPreviousCode(db, domainId, code));
}
