// Parsed link bodies (lib/links/link-schema.ts) → createLink/updateLink input. Variant A and REST v1
// share these; the field rules themselves live in the schemas.
import type { Plan } from '../../db/schema';
import type { TCreateLink, TUpdateLink } from './link-schema';
import type { CreateLinkInput } from './create-link';
import type { UpdateLinkChanges } from './update-link';
import { UTM_KEYS, type UtmKey } from './utm';

/** The utm_* values a body names ("" or null: remove), or undefined when it names none. */
function utmFrom(body: Partial<Record<UtmKey, string | null>>): Partial<Record<UtmKey, string>> | undefined {
  const given = UTM_KEYS.filter((k) => body[k] !== undefined);
  return given.length ? Object.fromEntries(given.map((k) => [k, body[k] ?? ''])) : undefined;
}

/** createLink's input from a create body, in the actor's workspace; no expiration (or null) means none. */
export function createInputFrom(
  body: Partial<TCreateLink> & Pick<TCreateLink, 'url'>,
  actor: { workspaceId: string; userId: string; workspace?: { plan: Plan } },
  clientIp?: string,
): CreateLinkInput {
  return {
    plan: actor.workspace?.plan,
    clientIp,
    url: body.url,
    alias: body.alias ?? undefined,
    domainId: body.domain_id ?? undefined,
    workspaceId: actor.workspaceId,
    createdBy: actor.userId,
    password: body.password ?? undefined,
    expiresAt: body.expiration ?? null,
    maxClicks: body.max_clicks ?? undefined,
    countBots: body.count_bots ?? undefined,
    startsAt: body.starts_at ?? null,
    expiredUrl: body.expired_url ?? undefined,
    platforms: { iosUrl: body.ios_url, iosFallbackUrl: body.ios_fallback_url, androidUrl: body.android_url, androidFallbackUrl: body.android_fallback_url },
    forwardQuery: body.forward_query ?? undefined,
    publicStats: body.public_stats ?? undefined,
    publicStatsPassword: body.public_stats_password || undefined,
    rules: body.rules ?? undefined,
    abTest: body.ab_test ?? undefined,
    tags: body.tags ?? undefined,
    note: body.note || null,
    utm: utmFrom(body),
    folderId: body.folder_id ?? undefined,
  };
}

/** updateLink's changes from an update body: only the fields given; null removes password, expiration, limit, tags. */
export function changesFrom(body: Partial<TUpdateLink>): UpdateLinkChanges {
  return {
    url: body.url,
    alias: body.alias,
    password: body.password,
    expiresAt: body.expiration,
    maxClicks: body.max_clicks,
    countBots: body.count_bots,
    startsAt: body.starts_at,
    expiredUrl: body.expired_url,
    platforms: { iosUrl: body.ios_url, iosFallbackUrl: body.ios_fallback_url, androidUrl: body.android_url, androidFallbackUrl: body.android_fallback_url },
    forwardQuery: body.forward_query,
    publicStats: body.public_stats,
    publicStatsPassword: body.public_stats_password,
    rules: body.rules === undefined ? undefined : (body.rules ?? []),
    abTest: body.ab_test,
    tags: body.tags === undefined ? undefined : (body.tags ?? []),
    archived: body.archived,
    note: body.note === undefined ? undefined : body.note || null,
    utm: utmFrom(body),
    freeOldCode: body.free_old_code,
    folderId: body.folder_id,
  };
}
