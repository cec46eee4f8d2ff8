// REST v1 /api/v1/imports operations: upload a file of links (CSV, Bitly, YOURLS or Kutt export) to
// import in the background, and follow its progress and per-row report.
import { z } from 'zod';
import { defineOperation } from '../../http/operation';
import {
  importTooLarge,
  MAX_IMPORT_BYTES,
  MULTIPART_FRAMING_BYTES,
  ZImportIdParams,
  ZImportJson,
  ZImportListQuery,
  ZImportParams,
} from '../../imports/import-schema';
import { ok, WORKSPACE_AUTH, workspaceErrors } from './common';

const tag = 'Imports';
const auth = WORKSPACE_AUTH;

export const listImports = defineOperation({
  id: 'listImports',
  permission: 'links.read',
  rateLimited: 'tokens',
  method: 'GET',
  path: '/api/v1/imports',
  tag,
  auth,
  summary: "The workspace's imports, newest first (a session's reads are not counted)",
  query: ZImportListQuery,
  responses: { 200: ok(z.object({ imports: z.array(ZImportJson) })) },
  errors: workspaceErrors('invalid_request'),
});

export const createImport = defineOperation({
  id: 'createImport',
  permission: 'links.write',
  method: 'POST',
  path: '/api/v1/imports',
  tag,
  auth,
  summary: `Upload a file to import (≤ ${MAX_IMPORT_BYTES / 1024 / 1024} MB): the raw body, or multipart field "file"; 202 with the queued import (Location: its URL)`,
  query: ZImportParams,
  upload: {
    contentTypes: ['text/csv', 'application/json', 'application/octet-stream'],
    maxBytes: MAX_IMPORT_BYTES + MULTIPART_FRAMING_BYTES,
    tooLarge: importTooLarge,
    multipartField: 'file',
  },
  responses: { 202: ok(ZImportJson, 'Queued') },
  errors: workspaceErrors('invalid_request', 'payload_too_large'),
});

export const getImport = defineOperation({
  id: 'getImport',
  permission: 'links.read',
  rateLimited: 'tokens',
  method: 'GET',
  path: '/api/v1/imports/{id}',
  tag,
  auth,
  summary: 'An import’s status and row counts (a session’s reads are not counted)',
  params: ZImportIdParams,
  responses: { 200: ok(ZImportJson) },
  errors: workspaceErrors('not_found'),
});

export const getImportReport = defineOperation({
  id: 'getImportReport',
  permission: 'links.read',
  method: 'GET',
  path: '/api/v1/imports/{id}/report',
  tag,
  auth,
  summary: 'The per-row report as CSV',
  params: ZImportIdParams,
  responses: { 200: { description: 'One CSV line per input row.', contentType: ['text/csv'] } },
  errors: workspaceErrors('not_found'),
});
