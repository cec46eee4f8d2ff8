// Parsed link bodies (lib/schemas/link.ts) → createLink/updateLink input. Variant A and REST v1
// share these; the field rules themselves live in the schemas.
import type { Plan } from '../../db/schema';
import type { TCreateLink, TUpdateLink } from '../schemas/link';
import type { CreateLinkInput } from './create-link';
import type { UpdateLinkChanges } from './update-link';

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
    tags: body.tags ?? undefined,
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
    tags: body.tags === undefined ? undefined : (body.tags ?? []),
    archived: body.archived,
  };
}
