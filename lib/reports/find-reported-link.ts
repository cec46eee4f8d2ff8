// The link a reported URL names: a short link on one of this instance's domains (the app host,
// LINK_HOST or a custom domain), found by its code. Anything else is not ours to review.
import { and, sql } from 'drizzle-orm';
import { domains, type LinkRow } from '../../db/schema';
import { loadConfig } from '../config/load-config';
import type { Db } from '../db/types';
import { appHosts } from '../domains/app-hosts';
import { servingDomain } from '../domains/serving-statuses';
import type { DomainRegistry } from '../domains/domain-registry';
import { AppError, invalidField } from '../core/errors';
import { getLinkByCode } from '../links/get-link-by-code';
import { LINK_CODE } from '../links/link-code';

/** `appHostNames`: the names of the default domain (default: BASE_URL's host, its loopback aliases, LINK_HOST). */
export async function findReportedLink(db: Db, registry: DomainRegistry, input: string, appHostNames = defaultAppHosts()): Promise<LinkRow> {
  const url = parseShortUrl(input);
  if (!url) throw invalidField('url', 'Give the full short link, such as https://sho.rt/abc1234.');
  const host = url.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
  const domainId = appHostNames.has(host) ? registry.defaultDomain.id : await domainIdOf(db, host);
  if (domainId === undefined) {
    throw invalidField('url', `${host} is not a short-link domain of this service: report the link to whoever runs ${host}.`);
  }
  const code = codeOf(url.pathname);
  const link = code ? await getLinkByCode(db, domainId, code) : undefined;
  if (!link)
    throw new AppError('not_found', `There is no short link ${host}${url.pathname} (it may have been deleted already).`, { url: 'No such short link.' });
  return link;
}

function defaultAppHosts(): ReadonlySet<string> {
  const config = loadConfig();
  return new Set([...appHosts(config.baseHost), config.LINK_HOST]);
}

function parseShortUrl(input: string): URL | null {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The code from a short link's path: /abc1234, also /abc1234/ and with a query; null when no link can have it (a NUL once reached the query: a 500). */
function codeOf(pathname: string): string | null {
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.length !== 1) return null;
  try {
    const code = decodeURIComponent(segments[0]);
    return LINK_CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}

async function domainIdOf(db: Db, host: string): Promise<number | undefined> {
  // Links live on serving domains only; other workspaces' claims on the same name hold none.
  const [row] = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(sql`lower(${domains.hostname}) = ${host}`, servingDomain()))
    .limit(1);
  return row?.id;
}
