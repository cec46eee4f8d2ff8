// Deletes a team workspace and everything in it (owners, sessions only). The foreign keys cascade
// from the workspace to its links, rollups, logos, events, webhooks, tokens, domains, members and
// invitations; raw clicks have no foreign key, so they go first. Then every instance drops the
// deleted links from its cache.
import { and, eq, inArray } from 'drizzle-orm';
import { clicks, domains, links, workspaces } from '../../db/schema';
import { ALL_KEYS, invalidationBus, linkKey } from '../cache/invalidation-bus';
import { domainHostKey } from '../domains/site-directory';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import type { Actor } from '../tenancy/actor';
import { assertTeamWorkspace } from './assert-team-workspace';
import { dropActiveWorkspace } from './set-active-workspace';
import { forgetTokens } from '../tokens/token-cache';
import { ownedBy } from '../tenancy/scope';

/** Above this many links one "drop everything" message is cheaper than one per link. */
const PER_KEY_LIMIT = 200;

export async function deleteWorkspace(db: Db, actor: Actor): Promise<void> {
  assertTeamWorkspace(actor, 'cannot be deleted');
  const workspaceId = actor.workspaceId;
  const keys = await db.transaction(async (tx) => {
    const inWorkspace = tx.select({ id: links.id }).from(links).where(ownedBy(links, workspaceId));
    await tx.delete(clicks).where(inArray(clicks.linkId, inWorkspace));
    const owned = await tx.select({ hostname: domains.hostname }).from(domains).where(ownedBy(domains, workspaceId));
    const deleted = await tx.delete(links).where(ownedBy(links, workspaceId)).returning({ domainId: links.domainId, shortCode: links.shortCode });
    await dropActiveWorkspace(tx, { workspaceId });
    // Only a team workspace; throwing rolls the link deletions back.
    const [ws] = await tx
      .delete(workspaces)
      .where(and(eq(workspaces.id, workspaceId), eq(workspaces.kind, 'team')))
      .returning({ id: workspaces.id });
    if (!ws) throw new AppError('not_found', 'This workspace no longer exists.');
    const keys = deleted.length > PER_KEY_LIMIT ? [ALL_KEYS] : deleted.map((l) => linkKey(l.domainId, l.shortCode));
    // Its custom domains stop answering on every instance.
    for (const d of owned) keys.push(domainHostKey(d.hostname));
    // On PostgreSQL without Redis the NOTIFYs go out with the commit.
    for (const key of keys) await invalidationBus().publishIn(tx, key);
    return keys;
  });
  forgetTokens();
  // Never fails the request: a lost message heals when the cached entry expires (CACHE_TTL_MS).
  for (const key of keys) invalidationBus().publish(key, { sentInTransaction: true });
}
