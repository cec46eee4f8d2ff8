// Statistics and click exports (REST v1).
import { defineOperation } from '../../http/operation';
import { ZLinkIdParams } from '../../links/link-schema';
import { ZLinkExportQuery, ZLinkStatsQuery, ZStats, ZWorkspaceExportQuery, ZWorkspaceStatsQuery } from '../../analytics/stats-schema';
import { ok, WORKSPACE_AUTH, workspaceErrors } from './common';

const tag = 'Analytics';
const auth = WORKSPACE_AUTH;
const download = { description: 'The clicks as CSV (default) or JSON, streamed as a download.', contentType: 'text/csv' };

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
  responses: { 200: ok(ZStats) },
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
  responses: { 200: ok(ZStats) },
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
