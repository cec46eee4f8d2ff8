// Statistics and click exports (REST v1).
import { defineOperation } from '../../http/operation';
import { ZLinkIdParams } from '../../links/link-schema';
import { ZLinkExportQuery, ZLinkStatsQuery, ZStats, ZWorkspaceExportQuery, ZWorkspaceStatsQuery } from '../../analytics/stats-schema';
import { ZLiveClicksQuery } from '../../analytics/live-clicks-schema';
import { ok, WORKSPACE_AUTH, workspaceErrors } from './common';

const tag = 'Analytics';
const auth = WORKSPACE_AUTH;
// The breakdowns include utm_source, utm_medium and utm_campaign (read from each clicked link's
// destination, docs/adr/0009-utm-from-destination.md), and the filters the same three parameters.
const statsOk = ok(
  ZStats,
  'The clicks, unique visitors, chart and breakdowns (countries … triggers, routing rules, and utm_source, utm_medium, utm_campaign by the clicked link’s destination) of the period, narrowed by the filters; beside them, the bots’ and link previews’ visits (`bots`, `bot_agents`), which are not clicks unless their link has `count_bots`.',
);
const download = {
  description: 'The clicks as CSV (default) or JSON, streamed as a download: those the statistics count with the same filters (utm_source… included).',
  contentType: 'text/csv',
};

export const linkStats = defineOperation({
  id: 'linkStats',
  permission: 'analytics.read',
  method: 'GET',
  path: '/api/v1/links/{id}/stats',
  tag,
  auth,
  summary: "A link's statistics",
  params: ZLinkIdParams,
  query: ZLinkStatsQuery,
  responses: { 200: statsOk },
  errors: workspaceErrors('invalid_request', 'not_found'),
});

export const workspaceStats = defineOperation({
  id: 'workspaceStats',
  permission: 'analytics.read',
  method: 'GET',
  path: '/api/v1/analytics',
  tag,
  auth,
  summary: "The workspace's statistics",
  query: ZWorkspaceStatsQuery,
  responses: { 200: statsOk },
  errors: workspaceErrors('invalid_request', 'not_found'),
});

export const linkClicksExport = defineOperation({
  id: 'linkClicksExport',
  permission: 'analytics.read',
  method: 'GET',
  path: '/api/v1/links/{id}/clicks/export',
  tag,
  auth,
  summary: "Export a link's clicks",
  params: ZLinkIdParams,
  query: ZLinkExportQuery,
  responses: { 200: download },
  errors: workspaceErrors('invalid_request', 'not_found'),
});

export const workspaceClicksExport = defineOperation({
  id: 'workspaceClicksExport',
  permission: 'analytics.read',
  method: 'GET',
  path: '/api/v1/analytics/export',
  tag,
  auth,
  summary: "Export the workspace's clicks",
  query: ZWorkspaceExportQuery,
  responses: { 200: download },
  errors: workspaceErrors('invalid_request', 'not_found'),
});

// Live clicks (docs/guide/live-clicks.md): its own tag, as its contract test reads a stream that does not end.
export const liveClicks = defineOperation({
  id: 'liveClicks',
  permission: 'analytics.read',
  method: 'GET',
  path: '/api/v1/analytics/live',
  tag: 'Live clicks',
  auth,
  summary: "The workspace's clicks as they happen (server-sent events)",
  query: ZLiveClicksQuery,
  responses: {
    200: {
      description:
        'A text/event-stream that does not end: per stored click, `id: <event id>`, `event: click` and `data:` a JSON object (time; link id, short_code, domain, short_url; country, region, city, device, browser, os, referrer_host, trigger, rule_id, variant_id, bot). Never the address or the visitor key. A comment every 15 s. Reconnect with Last-Event-ID (or ?last_event_id=) to receive what was missed, up to 10 minutes back.',
      contentType: 'text/event-stream',
    },
  },
  errors: workspaceErrors('invalid_request', 'not_found'),
});
