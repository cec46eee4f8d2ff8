// A stored link as the database returns it, for unit tests of the edge and the cache: an active
// link on domain 1 with nothing set but what `over` gives.
import type { LinkRow } from '../../db/schema';

export function linkRow(over: Partial<LinkRow> = {}): LinkRow {
  const now = new Date();
  return {
    id: 7,
    domainId: 1,
    shortCode: 'Abc1234',
    longUrl: 'https://example.com/a',
    workspaceId: 'ws_system',
    createdBy: null,
    folderId: null,
    passwordHash: null,
    expiresAt: null,
    status: 'active',
    disabledReason: null,
    safetyReason: null,
    redirectStatus: 302,
    maxClicks: null,
    clicks: 0,
    botClicks: 0,
    countBots: false,
    forwardQuery: true,
    publicStats: false,
    publicStatsPasswordHash: null,
    rules: [],
    abTest: null,
    iosUrl: null,
    iosFallbackUrl: null,
    androidUrl: null,
    androidFallbackUrl: null,
    startsAt: null,
    expiredUrl: null,
    tags: [],
    archivedAt: null,
    note: null,
    createdAt: now,
    updatedAt: now,
    ...over,
  };
}
