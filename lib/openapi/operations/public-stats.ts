// A link's public stats page (off by default; its owner switches it on, optionally with a password).
// No account: a page that is off, or a code that does not exist, is the same 404.
import { defineOperation } from '../../http/operation';
import { ZPublicStatsQuery } from '../../analytics/stats-schema';
import { ZPublicStats, ZPublicStatsParams, ZPublicStatsUnlock } from '../../analytics/public-stats-schema';
import { NO_CONTENT, ok } from './common';

const tag = 'Public stats';

export const publicStats = defineOperation({
  id: 'publicStats',
  method: 'GET',
  path: '/api/v1/public/stats/{code}',
  tag,
  auth: [],
  summary: 'A link’s public statistics (when its owner switched the page on; 401 until unlocked when it has a password; 120 reads a minute per address)',
  params: ZPublicStatsParams,
  query: ZPublicStatsQuery,
  responses: { 200: ok(ZPublicStats) },
  errors: ['invalid_request', 'unauthorized', 'not_found', 'rate_limited'],
});

export const unlockPublicStats = defineOperation({
  id: 'unlockPublicStats',
  method: 'POST',
  path: '/api/v1/public/stats/{code}/unlock',
  tag,
  auth: [],
  summary: 'Unlock a password-protected public stats page (sets a cookie for an hour; 5 tries a minute)',
  params: ZPublicStatsParams,
  body: ZPublicStatsUnlock,
  responses: { 204: NO_CONTENT },
  errors: ['invalid_request', 'payload_too_large', 'unsupported_media_type', 'forbidden', 'not_found', 'rate_limited', 'unavailable'],
});
