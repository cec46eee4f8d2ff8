// The deep scan's result in a link's REST detail: `scan` is null until the link's current
// destination has been scanned (a scan of an earlier destination is not shown).
import { and, eq } from 'drizzle-orm';
import { linkScans, type LinkRow, type ScanHop } from '../../../db/schema';
import type { Db } from '../../db/types';

export interface LinkScanJson {
  status: string;
  final_url: string | null;
  http_status: number | null;
  title: string | null;
  hops: ScanHop[];
  detail: string | null;
  checked_at: string;
}

export async function linkScanJson(db: Db, link: Pick<LinkRow, 'id' | 'longUrl'>): Promise<LinkScanJson | null> {
  const [scan] = await db
    .select()
    .from(linkScans)
    .where(and(eq(linkScans.linkId, link.id), eq(linkScans.url, link.longUrl)))
    .limit(1);
  if (!scan) return null;
  return {
    status: scan.status,
    final_url: scan.finalUrl,
    http_status: scan.httpStatus,
    title: scan.title,
    hops: scan.hops,
    detail: scan.detail,
    checked_at: scan.checkedAt.toISOString(),
  };
}
