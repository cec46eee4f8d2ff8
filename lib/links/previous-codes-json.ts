// A link's old codes as the detail API shows them: each with its short URL and since when it is old.
import type { LinkRow } from '../../db/schema';
import type { AppContext } from '../context/app-context';
import { findPreviousCodes } from './previous-codes';

export interface PreviousCodeJson {
  code: string;
  short_url: string;
  /** When the link left this code. */
  since: string;
}

export async function previousCodesJson(ctx: AppContext, link: LinkRow): Promise<PreviousCodeJson[]> {
  const domain = ctx.domains.byId(link.domainId) ?? ctx.domains.defaultDomain;
  const rows = await findPreviousCodes(ctx.handle.db, link.id);
  return rows.map((r) => ({ code: r.code, short_url: ctx.domains.shortUrl(domain, r.code), since: new Date(r.since).toISOString() }));
}
