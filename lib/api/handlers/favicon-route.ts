// GET /api/v1/favicons/{host} — the favicon of a site the workspace links to, for the links list:
// fetched by the server with the SSRF-safe client, cached in DATA_DIR, and a letter icon when there
// is none. Only hosts of the workspace's own links, and the referrer hosts its clicks came from (the
// analytics' referrer breakdown), are fetched (another host is a 404), so the endpoint cannot be
// used to make the server call arbitrary sites.
import { join } from 'node:path';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { clickRollups, links } from '../../../db/schema';
import type { Db } from '../../db/types';
import { loadConfig } from '../../config/load-config';
import { AppError } from '../../core/errors';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/link-assets';
import { operationHandler } from '../../http/operation';
import { linkScope, ownedBy } from '../../tenancy/scope';
import { cachedFavicon } from '../../favicons/favicon-cache';
import { fetchFavicon } from '../../favicons/fetch-favicon';
import { letterIcon } from '../../favicons/letter-icon';

/** The authority of a stored destination (user info left out), as PostgreSQL reads it. */
const AUTHORITY = '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#]+)';
const CACHE = 'private, max-age=86400';

/** The host is decoded, lower-cased and checked by ZFaviconHostParams. */
export const faviconRoute = operationHandler(ops.getSiteFavicon, async ({ actor, ctx }: WorkspaceRequest<{ host: string }>, { params }) => {
  const { host } = params;
  const origin = (await destinationOrigin(ctx.handle.db, linkScope(actor, 'read'), host)) ?? (await referrerOrigin(ctx.handle.db, actor.workspaceId, host));
  if (!origin) throw new AppError('not_found', 'No link of this workspace goes to that host, and no click came from it.');
  const config = loadConfig();
  const icon = await cachedFavicon(join(config.DATA_DIR, 'favicons'), origin, () =>
    fetchFavicon(origin, { timeoutMs: config.FAVICONS_TIMEOUT_MS, allowPrivate: config.FAVICONS_ALLOW_PRIVATE }),
  );
  const common = { 'cache-control': CACHE, 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" };
  if (icon) return new Response(new Uint8Array(icon.body), { headers: { ...common, 'content-type': icon.type, 'x-favicon': 'site' } });
  return new Response(letterIcon(host), { headers: { ...common, 'content-type': 'image/svg+xml', 'x-favicon': 'letter' } });
});

async function destinationOrigin(db: Db, scope: SQL, host: string): Promise<string | undefined> {
  const [link] = await db
    .select({ longUrl: links.longUrl })
    .from(links)
    .where(and(scope, sql`lower(substring(${links.longUrl} from ${AUTHORITY})) = ${host}`))
    .limit(1);
  return link ? new URL(link.longUrl).origin : undefined;
}

/** A referrer host of the workspace's clicks (the rollups keep it per workspace); referrers are reached over https. */
async function referrerOrigin(db: Db, workspaceId: string, host: string): Promise<string | undefined> {
  const [seen] = await db
    .select({ value: clickRollups.value })
    .from(clickRollups)
    .where(and(ownedBy(clickRollups, workspaceId), eq(clickRollups.dim, 'referrer'), eq(clickRollups.value, host)))
    .limit(1);
  return seen && URL.canParse(`https://${host}`) ? new URL(`https://${host}`).origin : undefined;
}
