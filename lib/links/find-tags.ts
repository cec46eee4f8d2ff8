// The tags a workspace's links carry, with how many links carry each (most used first).
import { sql, type SQL } from 'drizzle-orm';
import { links } from '../../db/schema';
import type { Db } from '../db/types';

export async function findTags(db: Db, scope: SQL): Promise<Array<{ name: string; links: number }>> {
  const rows = await db
    .select({ name: sql<string>`t.name`, links: sql<number>`count(*)::int` })
    .from(sql`${links} CROSS JOIN LATERAL unnest(${links.tags}) AS t(name)`)
    .where(scope)
    .groupBy(sql`t.name`)
    .orderBy(sql`count(*) DESC`, sql`t.name`)
    .limit(200);
  return rows.map((r) => ({ name: r.name, links: Number(r.links) }));
}
