// REST v1 operations on a custom domain's favicon (its /favicon.ico, and QR logo=favicon) and its
// landing page (what its root shows when set to "landing").
import { z } from 'zod';
import { ZDomain } from '../../domains/domain-schema';
import { ZDomainFavicon } from '../../favicons/favicon-schema';
import { ZLandingPage, ZLandingPageJson } from '../../landing/landing-page-schema';
import { defineOperation } from '../../http/operation';
import { faviconTooLarge, MAX_FAVICON_BYTES } from '../../domains/favicon-image';
import { LANDING_BODY_MAX_BYTES } from '../../landing/landing-size';
import { NO_CONTENT, ok, WORKSPACE_AUTH, workspaceErrors, ZIdParams } from './common';

const tag = 'Domain assets';
const auth = WORKSPACE_AUTH;
const params = ZIdParams;
const bodyErrors = ['invalid_request', 'payload_too_large', 'unsupported_media_type'] as const;

export const getDomainFavicon = defineOperation({
  id: 'getDomainFavicon',
  permission: 'domains.read',
  method: 'GET',
  path: '/api/v1/domains/{id}/favicon',
  tag,
  auth,
  summary: 'The icon the domain shows: its upload, else Sling’s (X-Favicon-Source says which)',
  params,
  responses: { 200: { description: 'A PNG.', contentType: ['image/png'] } },
  errors: workspaceErrors('not_found'),
});

export const putDomainFavicon = defineOperation({
  id: 'putDomainFavicon',
  permission: 'domains.write',
  method: 'PUT',
  path: '/api/v1/domains/{id}/favicon',
  tag,
  auth,
  summary: 'Upload the domain’s favicon (a PNG judged by its bytes, ≤ 512 KiB and 1024×1024)',
  params,
  upload: { contentTypes: ['image/png'], maxBytes: MAX_FAVICON_BYTES, tooLarge: faviconTooLarge },
  responses: { 200: ok(ZDomainFavicon) },
  errors: workspaceErrors('not_found', ...bodyErrors),
});

export const deleteDomainFavicon = defineOperation({
  id: 'deleteDomainFavicon',
  permission: 'domains.write',
  method: 'DELETE',
  path: '/api/v1/domains/{id}/favicon',
  tag,
  auth,
  summary: 'Back to Sling’s icon',
  params,
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('not_found'),
});

const landing = z.object({ landing_page: ZLandingPageJson, domain: ZDomain });

export const getDomainLanding = defineOperation({
  id: 'getDomainLanding',
  permission: 'domains.write',
  method: 'GET',
  path: '/api/v1/domains/{id}/landing',
  tag,
  auth,
  summary: 'The domain’s landing page (empty parts before the first save)',
  params,
  responses: { 200: ok(landing) },
  errors: workspaceErrors('not_found'),
});

export const putDomainLanding = defineOperation({
  id: 'putDomainLanding',
  permission: 'domains.write',
  method: 'PUT',
  path: '/api/v1/domains/{id}/landing',
  tag,
  auth,
  summary: 'Save the landing page: html, css, js (at most 512 KiB together)',
  params,
  body: ZLandingPage,
  maxBodyBytes: LANDING_BODY_MAX_BYTES,
  responses: { 200: ok(landing) },
  errors: workspaceErrors('not_found', ...bodyErrors),
});
