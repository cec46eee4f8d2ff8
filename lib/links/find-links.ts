// A user's links, newest first, optionally searched by code or destination; with the total.
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import { links, type LinkRow } from '../../db/schema';
import type { Db } from '../db/types';

export interface FindLinksOptions {
  userId: string;
  q?: string;
  limit: number;
  offset: number;
}

export async function findLinks(db: Db, opts: FindLinksOptions): Promise<{ links: LinkRow[]; total: number }> {
  const pattern = opts.q ? `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(eq(links.userId, opts.userId), pattern ? or(ilike(links.shortCode, pattern), ilike(links.longUrl, pattern)) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(links).where(where).orderBy(desc(links.createdAt), desc(links.id)).limit(opts.limit).offset(opts.offset),
    db.select({ total: count() }).from(links).where(where),
  ]);
  return { links: rows, total: Number(total) };
}
